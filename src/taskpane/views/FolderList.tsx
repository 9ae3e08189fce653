import {
  Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button, Caption1, makeStyles, tokens,
} from '@fluentui/react-components';
import { FolderRegular } from '@fluentui/react-icons';
import { Fragment } from 'react';
import type { Folder, FolderPathEntry } from '../../contract';
import { useI18n } from '../i18n';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  button: { justifyContent: 'flex-start', width: '100%', fontWeight: tokens.fontWeightRegular },
});

/** The subfolders of the open folder: each a button that opens it (keyboard and screen readers alike). */
export function FolderList({ folders, onOpen }: { folders: Folder[] | null; onOpen(folder: Folder): void }) {
  const styles = useStyles();
  const { m } = useI18n();
  if (folders === null) return <Caption1>{m.loadingFolders}</Caption1>;
  if (folders.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={m.foldersList} data-testid="folders">
      {folders.map((folder) => (
        <li key={folder.id} className={styles.item}>
          <Button appearance="subtle" className={styles.button} icon={<FolderRegular />} aria-label={m.openFolder(folder.name)} onClick={() => onOpen(folder)}>
            {folder.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The open folder's path from "All reports" down, each step a button that opens it. */
export function FolderBreadcrumb({ folderId, path, onOpen }: {
  folderId: number | null;
  path: FolderPathEntry[];
  onOpen(id: number | null, known?: FolderPathEntry[]): void;
}) {
  const { m } = useI18n();
  return (
    <Breadcrumb aria-label={m.breadcrumb} size="small">
      <BreadcrumbItem>
        <BreadcrumbButton current={folderId === null} onClick={() => onOpen(null)}>{m.allReports}</BreadcrumbButton>
      </BreadcrumbItem>
      {path.map((folder, index) => (
        <Fragment key={folder.id}>
          <BreadcrumbDivider />
          <BreadcrumbItem>
            <BreadcrumbButton current={index === path.length - 1} onClick={() => onOpen(folder.id, path.slice(0, index + 1))}>
              {folder.name}
            </BreadcrumbButton>
          </BreadcrumbItem>
        </Fragment>
      ))}
    </Breadcrumb>
  );
}
