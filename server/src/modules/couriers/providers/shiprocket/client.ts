import { type CourierEnvironment, CourierError, type CourierSettings, type TokenKeeper } from '../../provider.js';

/** Shiprocket's tokens last 10 days; ours is renewed an hour before, so none expires mid-booking. */
const TOKEN_LIFE_MS = 10 * 24 * 3_600_000;
const TOKEN_MARGIN_MS = 3_600_000;

const RESUME = 'Try again: the booking resumes where it stopped and is never made twice.';

type Json = Record<string, unknown>;

/** Shiprocket's words for a refusal: its `errors` (field → messages) or its `message`. */
export function shiprocketMessage(body: unknown): string {
  const json = (body ?? {}) as Json;
  const errors = json.errors;
  if (errors && typeof errors === 'object') {
    const messages = Object.values(errors as Record<string, unknown>).flatMap((each) =>
      Array.isArray(each) ? each.map(String) : [String(each)],
    );
    if (messages.length > 0) return messages.join(' ');
  }
  return typeof json.message === 'string' && json.message ? json.message : 'no reason given';
}

/**
 * Shiprocket's API with one store's account: signs in when it has no live token (kept in the
 * database for every process until it is about to expire), and once more when a call answers 401.
 */
export class ShiprocketClient {
  constructor(
    private readonly settings: CourierSettings,
    private readonly environment: CourierEnvironment,
    private readonly tokens: TokenKeeper,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Json }> {
    let token = await this.liveToken();
    let answer = await this.send(method, path, body, token);
    if (answer.status === 401) {
      token = await this.login();
      answer = await this.send(method, path, body, token);
    }
    if (answer.status === 401)
      throw new CourierError(422, `Shiprocket refused the sign-in: ${shiprocketMessage(answer.json)}.`);
    return answer;
  }

  /** Downloads a file Shiprocket links to (a label), within the same time limit. */
  async download(url: string): Promise<Buffer> {
    const response = await this.fetch(url, { method: 'GET' });
    if (!response.ok)
      throw new CourierError(424, `Shiprocket's label could not be downloaded (HTTP ${response.status}). ${RESUME}`);
    return Buffer.from(await response.arrayBuffer());
  }

  private async liveToken(): Promise<string> {
    const kept = await this.tokens.read();
    if (kept && Date.parse(kept.expiresAt) - TOKEN_MARGIN_MS > Date.now()) return kept.token;
    return this.login();
  }

  private async login(): Promise<string> {
    const answer = await this.send('POST', '/v1/external/auth/login', {
      email: this.settings.email,
      password: this.settings.password,
    });
    const token = answer.json.token;
    if (answer.status >= 400 || typeof token !== 'string' || !token) {
      throw new CourierError(
        422,
        `Shiprocket refused the sign-in: ${shiprocketMessage(answer.json)}. Check the API user's email and password (store couriers set --email … --password …).`,
      );
    }
    await this.tokens.write(token, new Date(Date.now() + TOKEN_LIFE_MS).toISOString());
    return token;
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, token?: string) {
    const response = await this.fetch(new URL(path, this.environment.shiprocketApiUrl).toString(), {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 500) {
      throw new CourierError(424, `Shiprocket failed to answer (HTTP ${response.status}). ${RESUME}`);
    }
    const text = await response.text();
    let json: Json = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      json = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : { data: parsed };
    } catch {
      throw new CourierError(424, `Shiprocket answered something other than JSON (HTTP ${response.status}). ${RESUME}`);
    }
    return { status: response.status, json };
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.environment.timeoutMs) });
    } catch (error) {
      const late = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CourierError(
        424,
        late
          ? `Shiprocket did not answer within ${Math.round(this.environment.timeoutMs / 1000)} s. ${RESUME}`
          : `Shiprocket could not be reached. ${RESUME}`,
      );
    }
  }
}
