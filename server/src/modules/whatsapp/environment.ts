/** The store's WhatsApp Business account, as the environment sets it (one number serves every store of a shop). */
export interface WhatsAppEnvironment {
  /** WHATSAPP_TOKEN: a system user's access token; unset: messages are written to the outbox folder. */
  token?: string | undefined;
  /** WHATSAPP_PHONE_NUMBER_ID: the sending number's id in the Cloud API (not the number itself). */
  phoneNumberId?: string | undefined;
  /** WHATSAPP_APP_SECRET: signs every webhook POST (X-Hub-Signature-256). */
  appSecret?: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's verification GET must present. */
  verifyToken?: string | undefined;
  /**
   * WHATSAPP_HINDI_TEMPLATES: the templates Meta approved in Hindi too (language code `hi`, same
   * name); a shopper who reads the shop in Hindi gets these in Hindi, every other one in English.
   */
  hindiTemplates?: readonly string[] | undefined;
  /** WHATSAPP_API_URL: the Graph API's address (tests point it at a fake of their own). */
  apiUrl: string;
  timeoutMs: number;
}

export const WHATSAPP_API_URL = 'https://graph.facebook.com';
/** The Graph API version every call names. */
export const GRAPH_API_VERSION = 'v23.0';

export const NO_WHATSAPP: WhatsAppEnvironment = { apiUrl: WHATSAPP_API_URL, timeoutMs: 20_000 };

/** Messages go through the Cloud API only with both the token and the number's id. */
export const sendsThroughCloudApi = (
  environment: WhatsAppEnvironment,
): environment is WhatsAppEnvironment & { token: string; phoneNumberId: string } =>
  Boolean(environment.token && environment.phoneNumberId);
