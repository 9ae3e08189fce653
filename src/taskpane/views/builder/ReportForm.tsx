import { Button, Dropdown, Field, Input, Option, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Folder } from '../../../contract';
import { useBuilderWords } from '../../i18n/builder-catalog';
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
  /** The folders offered: those the user may save into. */
  folders: Folder[];
  /** The top level (no folder) is offered too: the user may save anywhere in the deployment. */
  topLevel: boolean;
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

/**
 * Save as (name, title, folder), Rename (name, title) or Move (folder); the name is required, and each field says
 * in one line what it is for (the platform's `name` identifies a report, its `title` is what readers see).
 */
export function ReportForm({ heading, fields, initial, folders, topLevel, submitLabel, busy, onSubmit, onCancel }: ReportFormProps) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const b = useBuilderWords();
  const headingId = useId('report-form');
  const [name, setName] = useState(initial.name);
  const [title, setTitle] = useState(initial.title ?? '');
  // Until the user picks a folder the form follows `initial` (the folders may still be loading when it opens).
  const [picked, setPicked] = useState<{ id: number | null } | null>(null);
  const folderId = picked ? picked.id : initial.folderId;
  const [tried, setTried] = useState(false);
  const nameMissing = fields.name && name.trim() === '';
  // Nowhere to put it: no folder of the user's is listed, and the top level is not theirs.
  const noFolder = fields.folder && !topLevel && folders.length === 0;
  const folderKey = folderId === null ? NO_FOLDER : String(folderId);
  const chosenFolder = folders.find((folder) => folder.id === folderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || noFolder || busy) return;
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
            hint={b.reportNameHint}
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
        <Field label={b.folder} validationState={noFolder ? 'warning' : 'none'} validationMessage={noFolder ? b.noSaveFolder : undefined}>
          <Dropdown
            className={narrow.fill}
            autoFocus={!fields.name}
            value={chosenFolder ? folderLabel(chosenFolder) : topLevel ? b.noFolder : ''}
            selectedOptions={[folderKey]}
            onOptionSelect={(_, data) => setPicked({ id: !data.optionValue ? null : Number(data.optionValue) })}
          >
            {topLevel && <Option value={NO_FOLDER} text={b.noFolder}>{b.noFolder}</Option>}
            {folders.map((folder) => (
              <Option key={folder.id} value={String(folder.id)} text={folderLabel(folder)}>{folderLabel(folder)}</Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={busy || noFolder}>{submitLabel}</Button>
        <Button type="button" onClick={onCancel}>{b.cancel}</Button>
      </div>
    </form>
  );
}
