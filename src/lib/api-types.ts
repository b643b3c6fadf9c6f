/** Shapes of the API's answers the web app reads (see the brief's API list and spec section 3). */

/** Plan names are compared by name; 'Free' is the default (spec section 3). */
export type PlanName = 'Free' | 'explorer' | 'pro' | 'business' | string;

export interface User {
  id: string;
  email: string;
  full_name: string | null;
  current_plan: PlanName;
  /** Credits (may be fractional: documents cost 0.5 credit per 100 words). */
  credit_balance: number;
  email_verified?: boolean;
  created_at?: string;
}

export interface LoginResponse {
  access_token: string;
  token_type: 'bearer';
  user: User;
}

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'canceled' | string;
export type ServiceName = 'subtitle' | 'voice_over' | 'document';

export interface VideoOutput {
  subtitle?: { vtt_url?: string; srt_url?: string };
  voice_over?: { voice_over_url?: string; video_url?: string };
}
export type DocumentOutput = Record<string, string>;

export interface Job {
  id: string;
  original_filename: string | null;
  job_type: 'video_translation' | 'document_translation';
  services_requested: ServiceName[];
  source_language: string | null;
  target_languages: string[];
  voice_over_mode?: 'manual' | 'dubbing' | null;
  source_file_url: string | null;
  status: JobStatus;
  credits_used: number | null;
  created_at: string;
  /** 0-100, reported by the media worker. */
  progress?: number;
  stage?: string | null;
  error?: string | null;
  source_expired?: boolean;
  output_files: Record<string, VideoOutput | DocumentOutput> | null;
}

export interface PresignedUpload {
  upload_url: string;
  file_url: string;
  tus_url?: string;
  upload_id?: string;
  expires_at?: string;
}

export interface TranslateRequest {
  media_url: string;
  source_language: string;
  target_languages: string[];
  services_to_run: ServiceName[];
  voice_over_mode?: 'manual' | 'dubbing';
}

export interface PlanCard {
  name: string;
  planName: string;
  priceId: string | null;
  description: string;
  price: string | number;
  period: string;
  credits: string | number;
  features: string[];
  limitations: string[];
  buttonText: string;
  buttonVariant?: string;
  payAsYouGo?: string | number | null;
  popular?: boolean;
  allowance?: number;
}

export interface Invoice {
  id: string;
  description: string;
  date: string;
  /** Dollars. */
  amount: number;
  invoice_pdf: string | null;
}

export interface BillingHistory {
  invoices: Invoice[];
  next_billing_date?: string | null;
}
