/** Content, services and the self-assessment survey (spec 001 §3, §7; content issue). */
import { z } from 'zod';
import { DeviceType } from '../constants.ts';
import { claimNumber, dateOfBirth } from '../fields.ts';
import { requestBody } from './common.ts';

/** Named HTML documents of the content store (sanitised when stored and again when shown). */
export const CONTENT_NAMES = [
  'terms',
  'privacy',
  'notice',
  'servicelist',
  'submitdocs',
  'surveyintro',
  'surveyoutro',
] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];
export const ContentParams = z.strictObject({ name: z.enum(CONTENT_NAMES) });
export const ContentResponse = z.object({ Name: z.string(), Html: z.string() });
export type ContentResponse = z.infer<typeof ContentResponse>;

/** The icons the web app can draw for a service (anything else shows a circle). */
export const SERVICE_ICONS = [
  'medical',
  'hospital',
  'ambulance',
  'physio',
  'psychology',
  'pharmacy',
  'dental',
  'chiro',
  'ot',
  'travel',
  'household',
  'childcare',
  'attendant',
  'equipment',
  'modifications',
  'rehab',
  'income',
] as const;

/** A service of "What we can pay for" (spec 001 §3: id, name, ExcessApplies, iconToShow, content). */
export const Service = z.object({
  id: z.number().int(),
  name: z.string(),
  ExcessApplies: z.boolean(),
  iconToShow: z.string(),
  /** The detail page (HTML, sanitised by the server and again by the web app). */
  content: z.string(),
});
export type Service = z.infer<typeof Service>;
export const ServiceListResponse = z.object({ approvedService: z.array(Service) });
export type ServiceListResponse = z.infer<typeof ServiceListResponse>;
export const ServiceDetailParams = z.strictObject({ id: z.coerce.number().int().positive().max(1_000_000) });

// ---- survey ("My self-assessment") ----------------------------------------

export const SurveyLoginRequest = requestBody({
  ClaimNumber: claimNumber,
  DateOfBirth: dateOfBirth(),
  DeviceType: z.literal(DeviceType.Web).optional(),
});
/** A survey token grants the survey calls only. */
export const SurveyLoginResponse = z.object({ AccessToken: z.string(), AcceptedTerms: z.boolean() });
export type SurveyLoginResponse = z.infer<typeof SurveyLoginResponse>;

export const SurveyAnswer = z.object({ Label: z.string(), Value: z.string() });
export const SurveyQuestion = z.object({
  QuestionId: z.number().int(),
  /** HTML, sanitised by the server and again by the web app. */
  QuestionString: z.string(),
  Answers: z.array(SurveyAnswer),
  CurrentAnswer: SurveyAnswer.nullable(),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;
export const SurveyAssessment = z.object({
  FormID: z.string(),
  AcceptedTerms: z.boolean(),
  Questions: z.array(SurveyQuestion),
});
export type SurveyAssessment = z.infer<typeof SurveyAssessment>;

export const SurveyUpdateRequest = requestBody({
  FormID: z.string().max(64),
  AcceptedTerms: z.boolean(),
  Questions: z
    .array(
      z.strictObject({
        QuestionId: z.number().int(),
        CurrentAnswer: z.strictObject({ Label: z.string().max(200), Value: z.string().max(50) }).nullable(),
      }),
    )
    .max(50),
});
/**
 * The survey form's answers in question order ('' while "Please Select" is shown): Submit needs an
 * answer to every question of a survey that has some (spec 001 §4). The server checks the saved
 * answers the same way when the survey is submitted.
 */
export const SurveyAnswers = z.object({
  Answers: z.array(z.string().min(1, 'Choose an answer to this question')).min(1),
});
export type SurveyAnswers = z.infer<typeof SurveyAnswers>;
export const SurveyOutro = z.object({ OutroMessage: z.string(), IsRegistered: z.boolean() });
export type SurveyOutro = z.infer<typeof SurveyOutro>;
