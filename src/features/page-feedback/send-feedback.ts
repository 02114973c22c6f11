import type {PageFeedbackBody} from '../../../contract/page-feedback';
import {queryLogHeaders} from '../chat/query-log-client';

/** Posts one answer to the page-feedback table; throws with the status when it is not stored. */
export async function sendFeedback(config: {url: string; anonKey: string}, feedback: PageFeedbackBody, fetchFn: typeof fetch = fetch): Promise<void> {
  const response = await fetchFn(config.url, {method: 'POST', headers: queryLogHeaders(config.anonKey), body: JSON.stringify(feedback), keepalive: true});
  if (!response.ok) throw new Error(`${config.url} answered ${response.status}`);
}
