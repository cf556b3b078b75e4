import { AddressLookupQuery, AddressSuggestions } from '../address.ts';
import { EmptyRequest, Ok } from '../common.ts';
import {
  CONTENT_NAMES,
  ContentParams,
  ContentResponse,
  Service,
  ServiceDetailParams,
  ServiceListResponse,
  SurveyAssessment,
  SurveyLoginRequest,
  SurveyLoginResponse,
  SurveyOutro,
  SurveyUpdateRequest,
} from '../content.ts';
import { DropdownListRequest, DropdownListResponse, Information, MaintenanceMessages } from '../reference.ts';
import { ROUTES } from '../routes.ts';
import { post, get, type AreaTable } from './define.ts';

/**
 * What pages read beside the claimant's own records: information, addresses, content, services,
 * the self-assessment survey, maintenance and dropdown lists.
 */
export const CONTENT_ENDPOINTS = {
  getInformation: get(ROUTES.getInformation, Information, 'Version, build commit and the provider identity'),
  addressLookup: {
    ...get(
      ROUTES.addressLookup,
      AddressSuggestions,
      'Address suggestions for a typed text; home addresses exclude delivery addresses (PO boxes)',
    ),
    query: AddressLookupQuery,
  },
  getContent: {
    ...get(
      ROUTES.getContent,
      ContentResponse,
      `A named HTML document of the content store (${CONTENT_NAMES.join(', ')})`,
    ),
    params: ContentParams,
  },
  serviceList: get(ROUTES.serviceList, ServiceListResponse, 'What the scheme can pay for'),
  serviceDetail: {
    ...get(ROUTES.serviceDetail, Service, 'One service, with its HTML content'),
    params: ServiceDetailParams,
  },
  surveyLogin: post(
    ROUTES.surveyLogin,
    SurveyLoginRequest,
    SurveyLoginResponse,
    'Self-assessment identity check: claim number and date of birth',
  ),
  surveyAssessment: post(
    ROUTES.surveyAssessment,
    EmptyRequest,
    SurveyAssessment,
    'The questions, with answers saved so far',
  ),
  surveyUpdate: post(
    ROUTES.surveyUpdate,
    SurveyUpdateRequest,
    Ok,
    'Saves the terms choice and answers as they are chosen',
  ),
  surveySubmit: post(ROUTES.surveySubmit, EmptyRequest, Ok, 'Submits the assessment (queued for the provider)'),
  surveyOutro: post(ROUTES.surveyOutro, EmptyRequest, SurveyOutro, 'Closing message; ends the survey session'),
  checkMaintenance: post(
    ROUTES.checkMaintenance,
    EmptyRequest,
    MaintenanceMessages,
    'Active maintenance messages; non-empty means maintenance',
  ),
  dropdownList: post(
    ROUTES.dropdownList,
    DropdownListRequest,
    DropdownListResponse,
    'A dropdown list, sorted by ElementNumber',
  ),
} satisfies AreaTable<'content'>;
