import * as contracts from '@greenhouse/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as schema from './schema.js';

// Issue 18: every enum the API also speaks is written once, in contracts; the database's enum is made from it.
// (test/enums.test.ts checks that the migrated database holds what these enums say.)
describe('the database enums are the contracts lists', () => {
  it.each([
    ['role_name', schema.roleName, contracts.roleNames],
    ['language', schema.language, contracts.languages],
    ['bloom_stage_name', schema.bloomStageName, contracts.bloomStageNames],
    ['work_status', schema.workStatus, contracts.workStatuses],
    ['payment_status', schema.paymentStatus, contracts.paymentStatuses],
    ['chat_message_role', schema.chatMessageRole, contracts.chatMessageRoles],
    ['chat_message_status', schema.chatMessageStatus, contracts.chatMessageStatuses],
  ] as const)('%s', (name, pgEnum, list) => {
    expect(pgEnum.enumName).toBe(name);
    // schema.ts passes the contracts list itself (drizzle keeps a copy of it).
    expect(pgEnum.enumValues).toEqual(list);
  });

  it('keep the columns typed by the contracts types', () => {
    expectTypeOf<typeof schema.users.$inferSelect.role>().toEqualTypeOf<contracts.RoleName>();
    expectTypeOf<typeof schema.users.$inferSelect.language>().toEqualTypeOf<contracts.Language>();
    expectTypeOf<typeof schema.bloomStages.$inferSelect.name>().toEqualTypeOf<contracts.BloomStageName>();
    expectTypeOf<typeof schema.bloomStages.$inferSelect.status>().toEqualTypeOf<contracts.WorkStatus>();
    expectTypeOf<typeof schema.bloomArtifacts.$inferSelect.stage>().toEqualTypeOf<contracts.BloomStageName>();
    expectTypeOf<typeof schema.blooms.$inferSelect.paymentStatus>().toEqualTypeOf<contracts.PaymentStatus>();
    expectTypeOf<typeof schema.chatMessages.$inferSelect.role>().toEqualTypeOf<contracts.ChatMessageRole>();
    expectTypeOf<
      typeof schema.chatMessages.$inferSelect.status
    >().toEqualTypeOf<contracts.ChatMessageStatus>();
  });
});
