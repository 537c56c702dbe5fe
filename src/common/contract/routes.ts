/**
 * The API's calls that islands make, each as "METHOD /path" with its request body and its answer,
 * both taken from the contract. `call()` in src/client/api.ts reads this map, so renaming a contract
 * field breaks the typecheck of every island that sends or reads it. Types only: nothing here
 * reaches the browser.
 */
import type * as z from 'zod/mini';
import type {
  Alert,
  alertInput,
  AssistanceRequest,
  assistanceRequestInput,
  AssistanceResponse,
  assistanceResponseInput,
  Created,
  Drop,
  jobInput,
  LostFoundManage,
  LostFoundNote,
  lostFoundNoteInput,
  LostFoundPost,
  LostFoundRecord,
  lostFoundInput,
  resourceInput,
  signInInput,
  sosInput,
  subscriptionInput,
  SurplusOffer,
  surplusOfferInput,
  PrivateFacts,
  privateFactsInput,
  postMessageInput,
  ReportTally,
  textCodeInput,
  unsubscribeInput,
  volunteerInput,
} from './index.ts';
import type { FollowedRecord, PushDeviceState, PushFollowInput, pushReminderInput, pushSubscriptionInput, PushSubscriptionState } from './push.ts';
import type { PlaceCounts } from './places.ts';

type In<S extends z.ZodMiniType> = z.input<S>;

export interface Routes {
  'POST /api/sos': { body: In<typeof sosInput>; answer: { received: true } };
  'POST /api/lost-found': { body: In<typeof lostFoundInput>; answer: Created<LostFoundPost> };
  'GET /api/lost-found/:id': { body: undefined; answer: LostFoundRecord };
  'GET /api/lost-found/:id/token': { body: undefined; answer: { token: string } };
  'POST /api/lost-found/:id/notes': { body: In<typeof lostFoundNoteInput>; answer: LostFoundNote };
  'POST /api/lost-found/:id/renew': { body: undefined; answer: Pick<LostFoundManage, 'expiresAt'> };
  'PUT /api/lost-found/:id/facts': { body: In<typeof privateFactsInput>; answer: PrivateFacts };
  'POST /api/lost-found/:id/messages': { body: In<typeof postMessageInput>; answer: { id: string } };
  'POST /api/alerts': { body: In<typeof alertInput>; answer: Alert };
  'POST /api/jobs': { body: In<typeof jobInput>; answer: { status: 'pending' } };
  'POST /api/resources': { body: In<typeof resourceInput>; answer: { status: 'pending' } };
  'POST /api/assistance-requests': { body: In<typeof assistanceRequestInput>; answer: Created<AssistanceRequest> };
  'POST /api/surplus-offers': { body: In<typeof surplusOfferInput>; answer: Created<SurplusOffer> };
  'POST /api/assistance-responses': { body: In<typeof assistanceResponseInput>; answer: AssistanceResponse };
  'POST /api/drops/:id/volunteers': { body: In<typeof volunteerInput>; answer: { volunteers: number } };
  'GET /api/drops/next': { body: undefined; answer: Drop | null };
  'GET /api/drops': { body: undefined; answer: Drop[] };
  'GET /api/places/counts': { body: undefined; answer: PlaceCounts };
  'GET /api/alerts/tallies': { body: undefined; answer: ReportTally[] };
  'POST /api/alert-subscriptions': { body: In<typeof subscriptionInput>; answer: { phone: string } };
  'POST /api/alert-subscriptions/confirm': { body: In<typeof textCodeInput>; answer: { phone: string; city: string | null } };
  'POST /api/alert-subscriptions/stop': { body: In<typeof unsubscribeInput>; answer: { phone: string } };
  'POST /api/alert-subscriptions/reminders': { body: In<typeof unsubscribeInput>; answer: { phone: string } };
  'POST /api/alert-subscriptions/reminders/confirm': { body: In<typeof textCodeInput>; answer: { phone: string; reminders: string[] } };
  'POST /api/alert-subscriptions/stop/confirm': { body: In<typeof textCodeInput>; answer: { phone: string } };
  'GET /api/push/key': { body: undefined; answer: { publicKey: string } };
  'POST /api/push/subscriptions': { body: In<typeof pushSubscriptionInput>; answer: PushSubscriptionState };
  'DELETE /api/push/subscriptions': { body: { endpoint: string }; answer: { endpoint: string; removed: boolean } };
  'POST /api/push/subscriptions/lookup': { body: { endpoint: string }; answer: PushDeviceState };
  'POST /api/push/follows': { body: PushFollowInput; answer: FollowedRecord };
  'POST /api/push/reminders': { body: In<typeof pushReminderInput>; answer: { reminders: string[] } };
  'DELETE /api/push/reminders': { body: { endpoint: string }; answer: { endpoint: string; removed: boolean } };
  'DELETE /api/push/follows': { body: { endpoint: string; id: string }; answer: { id: string; removed: boolean } };
  'POST /api/admin/session': { body: In<typeof signInInput>; answer: { name: string; expiresAt: string } };
}

export type Route = keyof Routes;
export type RouteBody<R extends Route> = Routes[R]['body'];
export type RouteAnswer<R extends Route> = Routes[R]['answer'];
