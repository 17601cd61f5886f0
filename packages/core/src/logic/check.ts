import {
  type FormLogic,
  type LogicRule,
  PAGE_EXIT_ACTIONS,
  VALUE_OPERATORS,
  VARIABLE_NAME,
  VARIABLE_NAME_MESSAGE,
} from './definition.ts';
import { expressionNames, parseExpression } from './expression.ts';
import { type LogicField, PAGE_BREAK_TYPE, SCORE_NAME, splitPages } from './run.ts';

/** A problem with a form's logic, found when it is saved; `path` names the offending part. */
export type LogicProblem = { path: string; message: string };

function ruleName(rule: LogicRule, index: number): string {
  return rule.name?.trim() ? `Rule '${rule.name.trim()}'` : `Rule ${index + 1}`;
}

/**
 * Everything that would make the logic loop, point nowhere or read what is not there yet: jumps
 * back or to a missing page (a backward jump is the only way to build a cycle, since pages
 * otherwise only move forward), missing endings, fields and variables, conditions on questions
 * that come later, and calculations that do not parse. Messages name the rule.
 */
export function checkLogic(fields: readonly LogicField[], logic: FormLogic): LogicProblem[] {
  const problems: LogicProblem[] = [];
  const pages = splitPages(fields.filter((f) => !f.hidden));
  const pageIndex = new Map(pages.map((page, i) => [page.id, i]));
  const order = new Map(fields.map((field, i) => [field.id, i]));
  const byId = new Map(fields.map((field) => [field.id, field]));
  const variableIds = new Set(logic.variables.map((v) => v.id));
  const variableNames = new Set(logic.variables.map((v) => v.name));
  const endingIds = new Set(logic.endings.map((e) => e.id));
  const ruleIds = new Set<string>();

  const lastPage = pages.length - 1;
  const scoreTooEarly = (where: string) =>
    `${where} reads the quiz score before the form's end: respondents' browsers never see the points (they would give the answers away), so the score can only decide at the last page`;

  /** Checks an expression's names; true when it reads the quiz score. */
  const checkNames = (src: string, where: string, before: number, path: string): boolean => {
    if (src.trim() === '') {
      problems.push({ path, message: `${where} is empty` });
      return false;
    }
    const parsed = parseExpression(src);
    if (!parsed.ok) {
      problems.push({ path, message: `${where}: ${parsed.error} (at character ${parsed.at + 1})` });
      return false;
    }
    const names = expressionNames(parsed.expr);
    for (const name of names) {
      if (variableNames.has(name) || (name === SCORE_NAME && logic.quiz.enabled)) continue;
      const at = order.get(name);
      if (at === undefined)
        problems.push({ path, message: `${where} refers to '${name}', which does not exist` });
      else if (at >= before && !byId.get(name)?.hidden) {
        problems.push({ path, message: `${where} refers to '${name}', which comes later in the form` });
      }
    }
    return logic.quiz.enabled && names.includes(SCORE_NAME);
  };

  const seenVariableNames = new Set<string>();
  logic.variables.forEach((variable, i) => {
    if (!VARIABLE_NAME.test(variable.name)) {
      problems.push({
        path: `logic.variables.${i}.name`,
        message: `Variable '${variable.name}': ${VARIABLE_NAME_MESSAGE.toLowerCase()}`,
      });
    } else if (seenVariableNames.has(variable.name) || order.has(variable.name)) {
      problems.push({
        path: `logic.variables.${i}.name`,
        message: `Variable '${variable.name}' has the same name as another variable or a field`,
      });
    }
    seenVariableNames.add(variable.name);
  });

  for (const field of fields) {
    if (field.expression === undefined) continue;
    const at = order.get(field.id) as number;
    const where = `The calculation of '${field.label || field.id}'`;
    const path = `fields.${at}.expression`;
    if (checkNames(field.expression, where, at, path) && field.showResult) {
      problems.push({ path, message: `${scoreTooEarly(where)}; do not show its result` });
    }
  }

  logic.rules.forEach((rule, i) => {
    const name = ruleName(rule, i);
    const path = `logic.rules.${i}`;
    if (ruleIds.has(rule.id)) problems.push({ path, message: `${name} has the same id as another rule` });
    if (rule.actions.length === 0)
      problems.push({ path, message: `${name} does nothing yet: add an action` });
    ruleIds.add(rule.id);
    const exits = rule.actions.filter((a) => (PAGE_EXIT_ACTIONS as readonly string[]).includes(a.type));
    const from = rule.page === undefined ? undefined : pageIndex.get(rule.page);
    if (exits.length > 0 && from === undefined) {
      problems.push({
        path,
        message: `${name} jumps, ends or sets a variable but belongs to no existing page`,
      });
    }
    // Conditions may read questions on the rule's page and before it (page-exit rules), or
    // questions before the field they act on (show, hide, require).
    const fieldTargets = rule.actions.flatMap((a) => ('field' in a ? [a.field] : []));
    const earliestTarget = Math.min(...fieldTargets.map((id) => order.get(id) ?? Number.POSITIVE_INFINITY));
    const pageEnd =
      from === undefined
        ? Number.POSITIVE_INFINITY
        : Math.max(-1, ...(pages[from]?.fields ?? []).map((f) => order.get(f.id) as number)) + 1;
    const readLimit = fieldTargets.length > 0 ? Math.min(earliestTarget, pageEnd) : pageEnd;

    const beforeTheEnd = from !== undefined && from < lastPage;
    rule.conditions.forEach((condition, j) => {
      const cpath = `${path}.conditions.${j}`;
      if (condition.source === 'variable' && condition.ref === SCORE_NAME && logic.quiz.enabled) {
        if (beforeTheEnd || fieldTargets.length > 0)
          problems.push({ path: cpath, message: scoreTooEarly(name) });
      }
      if (condition.source === 'variable') {
        if (!variableIds.has(condition.ref) && !(condition.ref === SCORE_NAME && logic.quiz.enabled)) {
          problems.push({ path: cpath, message: `${name} reads a variable that does not exist` });
        }
      } else {
        const at = order.get(condition.ref);
        const target = byId.get(condition.ref);
        if (at === undefined || target?.type === PAGE_BREAK_TYPE) {
          problems.push({ path: cpath, message: `${name} reads a question that does not exist` });
        } else if (at >= readLimit && !target?.hidden) {
          problems.push({
            path: cpath,
            message: `${name} reads '${target?.label || condition.ref}', which the respondent has not reached yet`,
          });
        }
      }
      if (VALUE_OPERATORS.includes(condition.operator) && condition.value === undefined) {
        problems.push({ path: cpath, message: `${name} compares with no value` });
      }
    });

    rule.actions.forEach((action, j) => {
      const apath = `${path}.actions.${j}`;
      switch (action.type) {
        case 'jump': {
          const to = pageIndex.get(action.page);
          if (to === undefined)
            problems.push({ path: apath, message: `${name} jumps to a page that does not exist` });
          else if (from !== undefined && to <= from) {
            problems.push({
              path: apath,
              message: `${name} jumps back to an earlier page or the same one: that would loop forever, jumps may only go forward`,
            });
          }
          return;
        }
        case 'end':
          if (!endingIds.has(action.ending))
            problems.push({ path: apath, message: `${name} ends with an ending that does not exist` });
          return;
        case 'show':
        case 'hide':
        case 'require': {
          const target = byId.get(action.field);
          if (!target || target.type === PAGE_BREAK_TYPE) {
            problems.push({ path: apath, message: `${name} acts on a question that does not exist` });
          }
          return;
        }
        case 'variable':
          if (!variableIds.has(action.variable)) {
            problems.push({ path: apath, message: `${name} changes a variable that does not exist` });
          }
          if (checkNames(action.value, `${name}'s value`, pageEnd, `${apath}.value`) && beforeTheEnd) {
            problems.push({ path: `${apath}.value`, message: scoreTooEarly(name) });
          }
          return;
        default: {
          const never: never = action;
          throw new Error(`unknown action ${String(never)}`);
        }
      }
    });
  });

  logic.endings.forEach((ending, i) => {
    const path = `logic.endings.${i}`;
    if (ending.redirectUrl !== undefined && ending.redirectUrl !== '') {
      let url: URL | undefined;
      try {
        url = new URL(ending.redirectUrl);
      } catch {
        url = undefined;
      }
      if (url?.protocol !== 'https:') {
        problems.push({
          path: `${path}.redirectUrl`,
          message: 'A redirect address must be a full https:// URL',
        });
      }
    }
    for (const id of ending.redirectParams) {
      if (!order.has(id))
        problems.push({
          path: `${path}.redirectParams`,
          message: `The redirect passes on '${id}', which does not exist`,
        });
    }
  });
  return problems;
}
