import type {PageFeedbackAmendBody, PageFeedbackBody} from '../../../contract/page-feedback';
import {queryLogHeaders} from '../chat/query-log-client';

interface FeedbackConfig {
  url: string;
  anonKey: string;
}

const send = async (url: string, init: RequestInit, fetchFn: typeof fetch) => {
  const response = await fetchFn(url, {...init, keepalive: true});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
};

/** Posts a vote (with its random vote_id) to the page-feedback table; throws with the status when it is not stored. */
export function sendVote(config: FeedbackConfig, vote: PageFeedbackBody, fetchFn: typeof fetch = fetch): Promise<void> {
  return send(config.url, {method: 'POST', headers: queryLogHeaders(config.anonKey), body: JSON.stringify(vote)}, fetchFn);
}

/** Adds the comment to the vote sent with `voteId` (PostgREST's PATCH ?vote_id=eq.<id>); throws when it is not stored. */
export function sendComment(config: FeedbackConfig, voteId: string, body: PageFeedbackAmendBody, fetchFn: typeof fetch = fetch): Promise<void> {
  const url = `${config.url}?vote_id=eq.${encodeURIComponent(voteId)}`;
  return send(url, {method: 'PATCH', headers: queryLogHeaders(config.anonKey), body: JSON.stringify(body)}, fetchFn);
}
