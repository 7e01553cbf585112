/**
 * The data export's parameters (spec business-data §3 "Data export parameters"), shared by the
 * export form, the `POST /data-export` call and the server's file writers. The password travels
 * only in the request body: it is never stored in a job row, a log or a mail.
 */
export const EXPORT_FORMATS = ['xlsx', 'odm'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** byForm: one row per form; byAttendance: one row per attendance, forms as column groups. */
export const EXPORT_RENDER_TYPES = ['byForm', 'byAttendance'] as const;
export type ExportRenderType = (typeof EXPORT_RENDER_TYPES)[number];

export const EXPORT_ORDERINGS = ['formOrder', 'alphabetical'] as const;
export type ExportOrdering = (typeof EXPORT_ORDERINGS)[number];

/** Rows are split into one sheet group per value of this key ('none': one group). */
export const EXPORT_GROUP_BYS = ['none', 'registry', 'institute', 'formType'] as const;
export type ExportGroupBy = (typeof EXPORT_GROUP_BYS)[number];

export interface ExportParameters {
  fileName: string;
  /** Only in the request; the job row and the log never hold it. */
  password: string;
  format: ExportFormat;
  locale: 'hu' | 'en';
  registryIds: string[];
  instituteIds: string[];
  formTypeIds: string[];
  /** 0 exports every non-deleted form; N exports forms approved at level N or higher. */
  minimumApprovalLevel: number;
  /** Field ids to export; empty means every field. */
  fieldFilters: string[];
  groupBy: ExportGroupBy;
  renderType: ExportRenderType;
  /** Longer texts are cut to this many characters (Excel's own cell limit is 32,767). */
  maxCellSize: number;
  /** Only attendances started within the last N days; null exports all. */
  daysLimit: number | null;
  /** A sheet holds at most this many columns; further columns go to continuation sheets. */
  columnsPerSheet: number;
  /** A sheet holds at most this many rows; further rows go to continuation sheets. */
  formsPerSheet: number;
  /** Joins the values of a multiple-choice field in one cell. */
  arraySeparator: string;
  ordering: ExportOrdering;
  /** Patient name, birth date and insurance number; allowed only with personal_data_access. */
  includePersonalData: boolean;
}

/** Limits of spec §9; the form and the server both check them. */
export const EXPORT_LIMITS = {
  maxCellSize: { min: 10, max: 32767, default: 32767 },
  daysLimit: { min: 1, max: 36500 },
  columnsPerSheet: { min: 10, max: 16384, default: 16384 },
  formsPerSheet: { min: 10, max: 1048575, default: 1000000 },
  fileNameMaxLength: 100,
  arraySeparatorMaxLength: 5,
  maxApprovalLevel: 4,
} as const;

/** The export parameters without the password: what a job row and the log may hold. */
export type StoredExportParameters = Omit<ExportParameters, 'password'>;
