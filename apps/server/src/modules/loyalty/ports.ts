import type { DependentTemplateWire } from '@salon/contract/loyalty';

// What the loyalty module asks of the templates module (runtime.ts wires it): the templates that
// offer an action (SPEC 3 Dependent template), and turning them off with it (SPEC 4 disable-warning).
export interface TemplateDependents {
  dependentsOf(accId: number, actionId: number): Promise<DependentTemplateWire[]>;
  // Turns off the branch's active templates that offer the action; how many were turned off.
  deactivateDependents(accId: number, actionId: number): Promise<number>;
}
