import {
  Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody, makeStyles, tokens,
} from '@fluentui/react-components';
import type { RememberedCubeConnection } from '../../../pane/cube-session-store';
import { useCubeWords } from '../../i18n/cube-words';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  where: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2, flexGrow: 1 },
  // On a line of its own below the address and the buttons.
  warning: { flexBasis: '100%', minWidth: 0 },
});

export interface CubeConnectionBarProps {
  apiUrl: string;
  remembered: readonly RememberedCubeConnection[];
  busy: boolean;
  onSwitch(apiUrl: string): void;
  onDisconnect(): void;
}

/**
 * Which Cube API the pane is connected to, switching to another remembered one, and disconnecting (issue 26); that
 * the token in use has no expiry date, when it has none (issue 42).
 */
export function CubeConnectionBar({ apiUrl, remembered, busy, onSwitch, onDisconnect }: CubeConnectionBarProps) {
  const styles = useStyles();
  const cw = useCubeWords();
  const others = remembered.filter((r) => r.apiUrl !== apiUrl);
  const undated = remembered.find((r) => r.apiUrl === apiUrl)?.tokenEnd === 'undated';
  return (
    <div className={styles.bar} role="group" aria-label={cw.cube.connectionLabel}>
      <Caption1 className={styles.where} data-testid="cube-connected" title={apiUrl}>{cw.cube.connectedTo(new URL(apiUrl).host)}</Caption1>
      {others.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" disabled={busy}>{cw.cube.switchTo}</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {others.map((r) => (
                <MenuItem key={r.apiUrl} onClick={() => onSwitch(r.apiUrl)}>{new URL(r.apiUrl).host}</MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      <Button size="small" appearance="subtle" onClick={onDisconnect}>{cw.cube.disconnect}</Button>
      {undated && (
        <MessageBar className={styles.warning} intent="warning" layout="multiline">
          <MessageBarBody>{cw.cube.undatedWarning}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
