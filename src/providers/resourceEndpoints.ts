import type { RaRecord } from 'react-admin';

/**
 * Where a react-admin resource lives in the API. Each resource folder declares its own in its
 * `endpoints.ts` (src/resources/endpoints.ts assembles them); the list, save and delete
 * conventions (`{data}`, `{data, total}`) are shared by all and carried out by the data provider.
 */
export type ListAnswer = { data: RaRecord[]; total: number };

export interface ResourceEndpoints {
  /** GET, `{data, total}`, takes page, perPage, sort, order and filters. */
  list: string;
  /** GET ?id=, `{data}`. Without it a record is read through `list` with `ids=<id>`. */
  one?: string;
  /** POST, creates without id and updates with one, answers `{data}`. */
  save?: string;
  /** POST, where creating has a path of its own (e.g. admin/createuser); else `save`. */
  create?: string;
  /** POST with the id, where updating has a path of its own (e.g. admin/updateuser); else `save`. */
  update?: string;
  /** POST {id}, answers `{data: {id}}`. */
  delete?: string;
  /** Saves travel as multipart/form-data (a record with a file, e.g. crm/savebanner): see `formDataOf`. */
  multipart?: boolean;
  /**
   * Where the list call does not answer `{data: [...], total}` itself (crm/mailinglist answers a
   * list with one page of its members): the rows and total it holds, and anything else as extras.
   */
  listFrom?: (answer: unknown) => ListAnswer & Record<string, unknown>;
}

