// The workspaces module's public entry: where forms, themes, folders and keys live, and who may
// reach them.
export {
  answersInReach,
  assertSeesAnswers,
  authorize,
  type Caller,
  chooseWorkspace,
  forbiddenRole,
  inReach,
  memberCaller,
  reachableWorkspaces,
  type WorkspaceAccess,
  type WorkspaceThing,
} from './access.ts';
export { handOverBeforeAccountDeletion } from './departure.ts';
export type { DomainRow } from './domains/repository.ts';
export { CustomDomainTable, DOMAIN_TABLE_REFRESH_MS, type FormLinks } from './domains/table.ts';
export { emitMemberEvent, type MemberEvent, onMemberEvent, workspaceOwners } from './events.ts';
export {
  memberMailChoices,
  type SubmissionMailMember,
  submissionMailMembersQuery,
} from './notifications.ts';
export { personalWorkspaceId, workspacePeople } from './repository.ts';
export { listWorkspaces } from './service.ts';
