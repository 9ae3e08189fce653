import { WORKBOOK_REPORT_NAMESPACE, type Stamp, type WorkbookReportRecord } from '../contract/workbook-report';
import { parseWorkbookReport, serializeWorkbookReport, WorkbookReportPartError, type WorkbookReportProblem } from '../core/workbook-store';
import { PartGoneError } from '../ports/errors';
import type { WorkbookPart, WorkbookParts } from '../ports/workbook-parts';
import { OtherDeploymentError, WorkbookReportNotFoundError } from './errors';
import { turnsOf, type Turns } from './report-writers';

/**
 * The reports kept in this workbook (issue 26), one custom XML part each, as both workbook adapters
 * (`WorkbookReportStore`, `WorkbookPlacementRegistry`) read and write them. Every call reads the parts afresh, so
 * a change made in another copy of the file, or by another pane, is seen; every write replaces one report's part
 * whole, right after reading it, in the report's turn (`report-writers.ts`): the changes of one report made here take
 * turns, and those made while one is written go together in the next read and write, so none is lost. Office gives
 * no compare-and-swap, so a write by another program or co-author to the same part in the same instant could still
 * cross; that is the one race left.
 *
 * Report ids: a report's numeric id is its part's record id (`<report id="17">`), a decimal integer this add-in
 * gives. It is never given twice in a workbook, not even after a delete: the highest id given so far is kept in a
 * small part of its own namespace (`REPORT_IDS_NAMESPACE`), raised before the report's part is added (so a
 * failure in between skips an id, never reuses one).
 */

/** Who is saving, and when: the saver's name goes into the part's stamps (`by`). */
export interface WhoWhen {
  now(): Date;
  user(): { name: string; email: string | null };
}

export interface WorkbookReportsOptions {
  parts: WorkbookParts;
  /** The one Cube connection the add-in uses acts as one deployment; the reports are its reports. */
  deploymentId: number;
  who: WhoWhen;
  /**
   * This workbook's id as the add-in keeps it (`WorkbookState.workbookId`), when known: the placements' `workbookId`
   * in answers. Where it is not known, the id the caller last named (a `connect`, a `list`) stands in.
   */
  workbookId?: () => string | null;
}

/** A report read whole from its part. */
export interface KeptReport {
  partId: string;
  reportId: number;
  record: WorkbookReportRecord;
}

/**
 * A part of the namespace this version cannot read (or address): listed in words, never rewritten or deleted.
 * `unreadable`: Excel could not hand its XML over (one too large for Excel on the web's answers): nothing of it is
 * known, not even its placements' ids.
 */
export interface UnavailableReport {
  partId: string;
  kind: WorkbookReportProblem | 'unreadable';
  /** The report's name, when it could be read. */
  reportName: string | null;
  /** Why, in words for the user. */
  message: string;
  /** Placement ids found in its text, read leniently: their cells are still never covered by another write. */
  placementIds: string[];
}

export interface WorkbookContents {
  reports: KeptReport[];
  unavailable: UnavailableReport[];
}

/** A change of one report's record, given it as its part holds it now: the record to write, or null to leave it. */
export type ReportChange = (kept: KeptReport, contents: WorkbookContents) => Promise<WorkbookReportRecord | null>;

/** A change waiting for its report's turn, and how to answer its caller. */
interface Waiting {
  change: ReportChange;
  resolve: (kept: KeptReport) => void;
  reject: (error: unknown) => void;
}

const reportKey = (reportId: number) => `report ${reportId}`;
/** The turn of adding reports: a new report's id is read and raised in the ids part, which two adds must not share. */
const ADDING = 'adding';

/** The namespace of the part that keeps the highest report id given in this workbook. */
export const REPORT_IDS_NAMESPACE = 'urn:report-sync:workbook-report-ids';
const idsXml = (last: number) => `<reportIds xmlns="${REPORT_IDS_NAMESPACE}" last="${last}"/>`;
const lastIdIn = (xml: string) => Number(/\blast="(\d{1,15})"/.exec(xml)?.[1] ?? 0);

/** A report id as this add-in writes it: a decimal integer from 1, within JavaScript's exact integers. */
const REPORT_ID = /^[1-9][0-9]{0,14}$/;
const PLACEMENT_ID_IN_TEXT = /<(?:[A-Za-z_][\w.-]*:)?placement\b[^>]*?\sid\s*=\s*["']([A-Za-z0-9._~-]{1,128})["']/g;

function unavailable(partId: string, xml: string, error: WorkbookReportPartError): UnavailableReport {
  return {
    partId, kind: error.kind, reportName: error.reportName, message: error.message,
    placementIds: Array.from(xml.matchAll(PLACEMENT_ID_IN_TEXT), (m) => m[1]!),
  };
}

const PUBLIC_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 12 letters and digits, as the platform requires of a `publicId`. */
export function newPublicId(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) => PUBLIC_ID_ALPHABET[byte % 62]).join('');
}

export class WorkbookReports {
  readonly deploymentId: number;
  private namedWorkbookId: string | null = null;
  private readonly turns: Turns;

  constructor(private readonly options: WorkbookReportsOptions) {
    this.deploymentId = options.deploymentId;
    this.turns = turnsOf(options.parts.workbook);
  }

  /** Refuses another deployment's id: nothing of it is kept here. */
  checkDeployment(deploymentId: number): void {
    if (deploymentId !== this.deploymentId) throw new OtherDeploymentError(deploymentId, this.deploymentId);
  }

  /** Remembers the workbook id a caller named (see `WorkbookReportsOptions.workbookId`). */
  nameWorkbook(workbookId: string | null | undefined): void {
    if (workbookId) this.namedWorkbookId = workbookId;
  }

  /** The id the placements of this workbook are answered with. */
  workbookId(): string {
    return this.options.workbookId?.() ?? this.namedWorkbookId ?? '';
  }

  /** Now, by the current user: a part's `created`, `updated`, `placed` or `refreshed`. */
  stamp(): Stamp {
    const by = this.options.who.user().name.trim().slice(0, 255);
    return { at: this.options.who.now().toISOString(), ...(by ? { by } : {}) };
  }

  /** Every part of the namespace, read: the reports by id, and those that cannot be read. */
  async read(): Promise<WorkbookContents> {
    const reports: KeptReport[] = [];
    const gone: UnavailableReport[] = [];
    const ids = new Set<number>();
    for (const part of await this.options.parts.list(WORKBOOK_REPORT_NAMESPACE)) {
      if (part.xml === null) {
        const message = `A report kept in this workbook (custom XML part ${part.id}) cannot be read: ${part.unreadable}. The add-in left it as it is.`;
        gone.push({ partId: part.id, kind: 'unreadable', reportName: null, message, placementIds: [] });
        continue;
      }
      const parsed = parseWorkbookReport(part.xml, { partId: part.id });
      if (parsed instanceof WorkbookReportPartError) {
        gone.push(unavailable(part.id, part.xml, parsed));
        continue;
      }
      const { id, name } = parsed.report;
      if (!REPORT_ID.test(id) || ids.has(Number(id))) {
        const why = REPORT_ID.test(id) ? `its id ${id} is another report's too` : `its id "${id}" is not one this version can address`;
        gone.push(unavailable(part.id, part.xml, new WorkbookReportPartError('invalid', part.id, name, why)));
        continue;
      }
      ids.add(Number(id));
      reports.push({ partId: part.id, reportId: Number(id), record: parsed });
    }
    reports.sort((a, b) => a.reportId - b.reportId);
    return { reports, unavailable: gone };
  }

  /** One report as its part is now. */
  async find(reportId: number): Promise<{ kept: KeptReport; contents: WorkbookContents }> {
    const contents = await this.read();
    const kept = contents.reports.find((r) => r.reportId === reportId);
    if (!kept) throw new WorkbookReportNotFoundError(reportId);
    return { kept, contents };
  }

  /**
   * Changes one report in its turn: its part read afresh, `change` applied and the part written whole (not when the
   * change leaves it). Answers the report as written. Changes made while one is written are applied together in the
   * next turn, each on what the one before left, with one read and one write; a change that fails (or leaves a record
   * the codec refuses) fails alone and leaves the record as it was for the next.
   */
  update(reportId: number, change: ReportChange): Promise<KeptReport> {
    return new Promise((resolve, reject) => {
      this.turns.gather<Waiting>(reportKey(reportId), { change, resolve, reject }, (waiting) => this.applyTogether(reportId, waiting));
    });
  }

  /** Deletes a report's part, its placements with it, in the report's turn. Its id is never given again. */
  removeReport(reportId: number): Promise<void> {
    return this.turns.take(reportKey(reportId), async () => {
      const { kept } = await this.find(reportId);
      await this.options.parts.remove(kept.partId);
    });
  }

  /** Adds the report `build` makes from the workbook's reports as they are, under a new id, one add at a time. */
  adding(build: (contents: WorkbookContents) => Promise<WorkbookReportRecord>): Promise<KeptReport> {
    return this.turns.take(ADDING, async () => {
      const contents = await this.read();
      const record = await build(contents);
      const reportId = await this.reserveId(contents.reports.at(-1)?.reportId ?? 0);
      const withId = { ...record, report: { ...record.report, id: String(reportId) } };
      const part = await this.options.parts.add(serializeWorkbookReport(withId));
      return { partId: part.id, reportId, record: withId };
    });
  }

  /** One turn's changes of a report: answers each waiting caller; never rejects. */
  private async applyTogether(reportId: number, waiting: readonly Waiting[]): Promise<void> {
    let found: { kept: KeptReport; contents: WorkbookContents };
    try {
      found = await this.find(reportId);
    } catch (error) {
      for (const w of waiting) w.reject(error);
      return;
    }
    let kept = found.kept;
    let xml: string | null = null;
    const applied: Waiting[] = [];
    for (const w of waiting) {
      try {
        const record = await w.change(kept, found.contents);
        if (record) {
          // Checked by the codec now, so a record it refuses fails its own change only.
          xml = serializeWorkbookReport(record);
          kept = { ...kept, record };
        }
        applied.push(w);
      } catch (error) {
        w.reject(error);
      }
    }
    try {
      if (xml !== null) await this.options.parts.replace(kept.partId, xml);
    } catch (error) {
      const told = error instanceof PartGoneError ? new WorkbookReportNotFoundError(reportId) : error;
      for (const w of applied) w.reject(told);
      return;
    }
    for (const w of applied) w.resolve(kept);
  }

  /** The next id: above every id kept now and every id ever given here (the ids part), which is raised first. */
  private async reserveId(highestKept: number): Promise<number> {
    const parts = this.options.parts;
    // One the host cannot hand over is left as it is (never rewritten); a readable one, or a new one, is raised.
    const counters = (await parts.list(REPORT_IDS_NAMESPACE)).filter((c): c is WorkbookPart => c.xml !== null);
    const next = counters.reduce((highest, c) => Math.max(highest, lastIdIn(c.xml)), highestKept) + 1;
    try {
      if (counters[0]) {
        await parts.replace(counters[0].id, idsXml(next));
        return next;
      }
    } catch (error) {
      if (!(error instanceof PartGoneError)) throw error;
    }
    await parts.add(idsXml(next));
    return next;
  }
}
