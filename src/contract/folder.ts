import { z } from 'zod';
import { DateOrDateTime, FolderPathEntry, IntegerId, listResponse, nullish, openEnum, ResourceOwner } from './common';
import { WORKSPACE_ITEM_TYPES } from './report';

/** api.yaml `Folder` (`FolderDto`; `user` since v0.11.0). */
export const Folder = z.looseObject({
  id: IntegerId,
  name: z.string(),
  deploymentId: IntegerId,
  position: z.number().int(),
  createdAt: DateOrDateTime,
  updatedAt: DateOrDateTime,
  type: openEnum(WORKSPACE_ITEM_TYPES, null),
  parentId: nullish(z.number().int()),
  createdBy: nullish(z.number().int()),
  updatedBy: nullish(z.number().int()),
  folderPath: nullish(z.array(FolderPathEntry)),
  user: nullish(ResourceOwner),
});
export type Folder = z.infer<typeof Folder>;

/** api.yaml `FoldersListResponse`: one level at a time (the root, or `parentId`'s children). */
export const FoldersListResponse = listResponse(Folder);

/** `GET …/folders/{folderId}/ancestors`: the root first, down to and including the folder. */
export const FolderAncestors = z.array(Folder);
