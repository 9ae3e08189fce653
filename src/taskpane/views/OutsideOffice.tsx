import {
  FluentProvider, Link, MessageBar, MessageBarBody, MessageBarTitle, Subtitle1, Text, makeStyles, tokens, webLightTheme,
} from '@fluentui/react-components';
import { useMemo } from 'react';
import { I18nProvider, i18nFor, useI18n } from '../i18n';

const useStyles = makeStyles({
  root: {
    padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL,
    minHeight: '100vh', boxSizing: 'border-box',
  },
});

export interface OutsideOfficeProps {
  /** The browser's language: outside Office there is no Office display language. */
  displayLanguage: string;
  /** The workbench's address in development builds; null in production, which has none. */
  workbenchUrl: string | null;
}

/** The task pane opened in a plain browser: it says it must run in Excel and how to add it there. */
export function OutsideOffice({ displayLanguage, workbenchUrl }: OutsideOfficeProps) {
  const i18n = useMemo(() => i18nFor(displayLanguage), [displayLanguage]);
  return (
    <I18nProvider value={i18n}>
      <FluentProvider theme={webLightTheme} lang={i18n.locale}>
        <OutsideOfficeMessage workbenchUrl={workbenchUrl} />
      </FluentProvider>
    </I18nProvider>
  );
}

function OutsideOfficeMessage({ workbenchUrl }: { workbenchUrl: string | null }) {
  const styles = useStyles();
  const { m } = useI18n();
  return (
    <main className={styles.root}>
      <Subtitle1 as="h1">{m.appName}</Subtitle1>
      <MessageBar intent="warning" layout="multiline" data-testid="outside-office">
        <MessageBarBody>
          <MessageBarTitle>{m.outsideOffice.title}</MessageBarTitle>
          {m.outsideOffice.body}
        </MessageBarBody>
      </MessageBar>
      <Text>{m.outsideOffice.sideload}</Text>
      {workbenchUrl && <Link href={workbenchUrl}>{m.outsideOffice.workbench}</Link>}
    </main>
  );
}
