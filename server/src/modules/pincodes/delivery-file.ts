import { DeliveryRules } from '@netkart/contract';
import type { z } from 'zod';

/** Where an issue is in the file ("zones.1.transitDays"), then what is wrong. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `'${key}'`).join(', ');
    return `${where ? `${where}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}.`;
  }
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** A merchant's rules file read and checked: the rules, or every problem found in it. */
export function readDeliveryRules(text: string): { rules: DeliveryRules } | { problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { problems: [`The file is not valid JSON: ${(error as Error).message}`] };
  }
  const checked = DeliveryRules.safeParse(data);
  if (!checked.success) return { problems: checked.error.issues.map(describeIssue) };
  return { rules: checked.data };
}
