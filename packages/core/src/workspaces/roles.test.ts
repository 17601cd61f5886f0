import { describe, expect, it } from 'vitest';
import { isWorkspaceRole, roleAllows, WORKSPACE_ROLES } from './roles.ts';

describe('workspace roles', () => {
  it('each allow what the roles after them allow, and nothing before', () => {
    expect(roleAllows('owner', 'viewer')).toBe(true);
    expect(roleAllows('admin', 'editor')).toBe(true);
    expect(roleAllows('editor', 'editor')).toBe(true);
    expect(roleAllows('editor', 'admin')).toBe(false);
    expect(roleAllows('viewer', 'editor')).toBe(false);
    for (const role of WORKSPACE_ROLES) expect(roleAllows(role, role)).toBe(true);
  });

  it('are only the four names', () => {
    expect(WORKSPACE_ROLES.filter(isWorkspaceRole)).toEqual(['owner', 'admin', 'editor', 'viewer']);
    for (const bad of ['Owner', 'member', '', null, 3]) expect(isWorkspaceRole(bad)).toBe(false);
  });
});
