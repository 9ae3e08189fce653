import { Button, Caption1, Dropdown, Field, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import type { CellOptions } from '../../core/cell-options';
import type { WorkbookPlacement } from '../../placements/workbook-placements';
import { useI18n } from '../i18n';
import { CELL_LANGUAGES } from '../i18n/cell-catalog';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS, paddingInlineStart: tokens.spacingHorizontalM },
  toggle: { alignSelf: 'flex-start', minWidth: 0, paddingInline: 0 },
  language: { minWidth: '8rem' },
});

export interface PlacementCellOptionsProps {
  entry: WorkbookPlacement;
  /** The id of the card's title, which the controls name as theirs. */
  titleId: string;
  disabled: boolean;
  /** "As an Excel table" for a flat placement whose cells are there; null when it has no such choice. */
  table: { on: boolean } | null;
  onTableChange(on: boolean): void;
  /** Absent where the pane offers no choice of language and title lines. */
  onChange?(cells: CellOptions): void;
}

/**
 * A placement card's choices for its cells, folded away under "Cell options" with a one-line summary so a card
 * stays a few lines tall: as an Excel table, its title and source lines, and the language of its words (kept
 * with the placement, whoever refreshes it). Changing the last two refreshes the placement with them, asking
 * like any refresh. A placement from before these were kept shows what its next refresh writes (the pane's
 * language, no title lines). Whether it is unfolded is this view's own passing state, nothing the store needs.
 */
export function PlacementCellOptions({ entry, titleId, disabled, table, onTableChange, onChange }: PlacementCellOptionsProps) {
  const styles = useStyles();
  const { m, language } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const readable = entry.access === 'GRANTED' && !!entry.report && !entry.legacy && !!entry.location && !!entry.placement.id;
  const cells = readable && onChange ? entry.location!.cellOptions ?? { language, titleAndSource: false } : null;
  if (!table && !cells) return null;
  const name = (code: string) => m.cellLanguageNames[code] ?? code;
  const summary = [
    table?.on ? m.asTableOnCard : null,
    cells?.titleAndSource ? m.titleAndSourceOnCard : null,
    cells ? name(cells.language) : null,
  ].filter(Boolean).join(' · ');
  return (
    <>
      <Button
        size="small" appearance="transparent" className={styles.toggle} aria-expanded={open} aria-controls={panelId} aria-describedby={titleId}
        icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />} onClick={() => setOpen(!open)}
      >
        {m.cellOptions}
      </Button>
      {!open && summary && <Caption1 data-testid="cell-options-summary">{summary}</Caption1>}
      {open && (
        <div id={panelId} className={styles.panel}>
          {table && (
            <Switch
              checked={table.on} disabled={disabled} label={m.asTableOnCard} aria-describedby={titleId} data-testid="placement-as-table"
              onChange={(_, data) => onTableChange(data.checked)}
            />
          )}
          {cells && onChange && (
            <>
              <Switch
                checked={cells.titleAndSource} disabled={disabled} label={m.titleAndSourceOnCard} aria-describedby={titleId} data-testid="placement-title-lines"
                onChange={(_, data) => onChange({ ...cells, titleAndSource: data.checked })}
              />
              <Field label={m.cellLanguage} orientation="horizontal" size="small">
                <Dropdown
                  size="small" className={styles.language} disabled={disabled} aria-describedby={titleId} data-testid="placement-cell-language"
                  value={name(cells.language)} selectedOptions={[cells.language]}
                  onOptionSelect={(_, data) => {
                    if (data.optionValue && data.optionValue !== cells.language) onChange({ ...cells, language: data.optionValue });
                  }}
                >
                  {CELL_LANGUAGES.map((code) => <Option key={code} value={code}>{name(code)}</Option>)}
                </Dropdown>
              </Field>
            </>
          )}
        </div>
      )}
    </>
  );
}
