import { makeStyles } from '@fluentui/react-components';

/** Shared by the builder's views: Fluent's dropdowns ask for 250 px, more than a narrow pane has to spare. */
export const useNarrowStyles = makeStyles({
  fill: { minWidth: 0, maxWidth: '100%' },
});
