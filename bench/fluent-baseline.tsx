import { Body1, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';

/** The first-paint baseline: an empty Fluent UI page (provider, theme, one line of text), nothing else. */
createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    <Body1 id="ready">Ready</Body1>
  </FluentProvider>,
);
