import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { RememberedCubeConnection } from '../../../pane/cube-session-store';
import { useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface RememberedCubeConnectionsProps {
  remembered: readonly RememberedCubeConnection[];
  busy: boolean;
  onSwitch(apiUrl: string): void;
  onForget(apiUrl: string): void;
}

/** The Cube APIs connected to before, each to connect to again (its token asked for anew once expired) or forget. */
export function RememberedCubeConnections({ remembered, busy, onSwitch, onForget }: RememberedCubeConnectionsProps) {
  const styles = useStyles();
  const { locale } = useI18n();
  const cw = useCubeWords();
  if (!remembered.length) return null;
  return (
    <section aria-label={cw.cube.remembered}>
      <Caption1>{cw.cube.rememberedHint}</Caption1>
      <ul className={styles.list}>
        {remembered.map(({ apiUrl, tokenEnd, issuer }) => {
          const host = new URL(apiUrl).host;
          const how = issuer ? cw.cube.signsInWith(new URL(issuer).host) : '';
          const until = tokenEnd === 'renewed' ? ''
            : tokenEnd === 'undated' ? cw.cube.undated
              : tokenEnd.at > Date.now() ? cw.cube.expires(new Date(tokenEnd.at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })) : cw.cube.expired;
          return (
            <li key={apiUrl} className={styles.row}>
              <Button size="small" disabled={busy} onClick={() => onSwitch(apiUrl)} title={apiUrl}>{host}</Button>
              <Caption1>{[how, until].filter(Boolean).join(' · ')}</Caption1>
              <Button size="small" appearance="subtle" disabled={busy} onClick={() => onForget(apiUrl)}>{cw.cube.forget(host)}</Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
