import { Button, Dropdown, Field, Input, Option, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Folder } from '../../../contract';
import { useI18n } from '../../i18n';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  form: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export interface ReportFormValues {
  name: string;
  title: string | null;
  folderId: number | null;
}

export interface ReportFormProps {
  heading: string;
  /** Which fields the form asks for: name and title (Save as, Rename), folder (Save as, Move). */
  fields: { name: boolean; folder: boolean };
  initial: ReportFormValues;
  folders: Folder[];
  submitLabel: string;
  busy: boolean;
  onSubmit(values: ReportFormValues): void;
  onCancel(): void;
}

const NO_FOLDER = '';

/** A folder by its path where the platform sends one (folders of the same name differ by where they are). */
function folderLabel(folder: Folder): string {
  const path = folder.folderPath ?? [];
  const names = path.map((entry) => entry.name);
  if (path[path.length - 1]?.id !== folder.id) names.push(folder.name);
  return names.join(' / ');
}

/** Save as (name, title, folder), Rename (name, title) or Move (folder); the name is required. */
export function ReportForm({ heading, fields, initial, folders, submitLabel, busy, onSubmit, onCancel }: ReportFormProps) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const { m } = useI18n();
  const b = m.builder;
  const headingId = useId('report-form');
  const [name, setName] = useState(initial.name);
  const [title, setTitle] = useState(initial.title ?? '');
  const [folderId, setFolderId] = useState<number | null>(initial.folderId);
  const [tried, setTried] = useState(false);
  const nameMissing = fields.name && name.trim() === '';
  const folderKey = folderId === null ? NO_FOLDER : String(folderId);
  const chosenFolder = folders.find((folder) => folder.id === folderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || busy) return;
    onSubmit({ name: name.trim(), title: title.trim() || null, folderId });
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h4 id={headingId} className={styles.heading}>{heading}</h4>
      {fields.name && (
        <>
          <Field
            label={b.reportName}
            required
            validationState={tried && nameMissing ? 'error' : 'none'}
            validationMessage={tried && nameMissing ? b.nameRequired : undefined}
          >
            {/* The form opens on a click that asked for it: its first field takes the focus. */}
            <Input value={name} autoFocus onChange={(_, data) => setName(data.value)} />
          </Field>
          <Field label={b.reportTitle} hint={b.reportTitleHint}>
            <Input value={title} onChange={(_, data) => setTitle(data.value)} />
          </Field>
        </>
      )}
      {fields.folder && (
        <Field label={b.folder}>
          <Dropdown
            className={narrow.fill}
            autoFocus={!fields.name}
            value={chosenFolder ? folderLabel(chosenFolder) : b.noFolder}
            selectedOptions={[folderKey]}
            onOptionSelect={(_, data) => setFolderId(!data.optionValue ? null : Number(data.optionValue))}
          >
            <Option value={NO_FOLDER} text={b.noFolder}>{b.noFolder}</Option>
            {folders.map((folder) => (
              <Option key={folder.id} value={String(folder.id)} text={folderLabel(folder)}>{folderLabel(folder)}</Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={busy}>{submitLabel}</Button>
        <Button type="button" onClick={onCancel}>{b.cancel}</Button>
      </div>
    </form>
  );
}
