// The few calls of the Mailchimp Marketing API (v3) the mailing list needs, over fetch. The data
// center is the API key's suffix after '-' (config.ts accepts only a plain `us21`-like suffix, so
// it is safe in the host name). The key travels only in the Authorization header, never in a URL
// or a log line.
import { createHash } from 'node:crypto';
import type { MailchimpSettings } from '../config';

/** Mailchimp answers within seconds; a hung connection must not hold the admin's request forever. */
const CALL_TIMEOUT_MS = 15000;

export interface MailchimpMember {
  email: string;
  name: string;
  language: string;
  /** Every tag the sync manages, with whether this member should carry it. */
  tags: { name: string; active: boolean }[];
}

export type CallOutcome = { ok: true; status: number } | { ok: false; status: number; detail: string };

export interface MailchimpClient {
  upsertMember(member: MailchimpMember): Promise<CallOutcome>;
  setTags(member: MailchimpMember): Promise<CallOutcome>;
  archiveMember(email: string): Promise<CallOutcome>;
}

/** Mailchimp's subscriber hash: the MD5 of the lowercased e-mail address. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export function mailchimpBaseUrl(apiKey: string): string {
  const dataCenter = apiKey.slice(apiKey.lastIndexOf('-') + 1);
  return `https://${dataCenter}.api.mailchimp.com/3.0`;
}

/** Mailchimp's problem documents carry `title` and `detail`; keep the answer short in the run record. */
async function problemOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { title?: string; detail?: string };
    return [body.title, body.detail].filter(Boolean).join(': ').slice(0, 300) || response.statusText;
  } catch {
    return response.statusText || `HTTP ${response.status}`;
  }
}

export function createMailchimpClient(settings: MailchimpSettings): MailchimpClient {
  const base = `${mailchimpBaseUrl(settings.apiKey)}/lists/${encodeURIComponent(settings.listId)}/members`;
  const authorization = `Basic ${Buffer.from(`registry:${settings.apiKey}`).toString('base64')}`;

  async function call(method: string, path: string, body?: unknown): Promise<CallOutcome> {
    try {
      const response = await fetch(`${base}/${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return { ok: true, status: response.status };
      }
      return { ok: false, status: response.status, detail: await problemOf(response) };
    } catch (error) {
      return { ok: false, status: 0, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    upsertMember: (member) =>
      call('PUT', subscriberHash(member.email), {
        email_address: member.email,
        // Only a new member is subscribed: someone who unsubscribed stays unsubscribed.
        status_if_new: 'subscribed',
        merge_fields: { FNAME: member.name },
        language: member.language,
      }),
    setTags: (member) =>
      call('POST', `${subscriberHash(member.email)}/tags`, { tags: member.tags.map((tag) => ({ name: tag.name, status: tag.active ? 'active' : 'inactive' })) }),
    archiveMember: (email) => call('DELETE', subscriberHash(email)),
  };
}
