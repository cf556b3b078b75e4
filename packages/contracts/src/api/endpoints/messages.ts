import { EmptyRequest, Ok } from '../common.ts';
import { ContactFormRequest, DetailsRequestRequest, FormCreatedResponse, SubmitFormRequest } from '../requests.ts';
import { GetMessagesRequest, GetSentItemsRequest, InboxPage, MarkAsReadRequest, SentItemsPage } from '../messages.ts';
import { SubmittedResponse } from '../forms.ts';
import { UnreadCount } from '../reference.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/** The inbox, sent items, contact us and personal details change requests. */
export const MESSAGE_ENDPOINTS = {
  getMessages: post(
    ROUTES.getMessages,
    GetMessagesRequest,
    InboxPage,
    "A page of the selected claim's inbox, newest first",
  ),
  markAsRead: post(ROUTES.markAsRead, MarkAsReadRequest, Ok, "Marks one of the claimant's messages read"),
  getSentItems: post(
    ROUTES.getSentItems,
    GetSentItemsRequest,
    SentItemsPage,
    'A page of what the claimant sent for the selected claim, optionally of one SentItemTypes kind',
  ),
  uploadContactForm: post(
    ROUTES.uploadContactForm,
    ContactFormRequest,
    FormCreatedResponse,
    'Contact us, step 1: creates the enquiry; its files are uploaded with the returned Identifier as FormId',
  ),
  submitContactForm: post(
    ROUTES.submitContactForm,
    SubmitFormRequest,
    SubmittedResponse,
    'Contact us, step 3: sends the enquiry with its files (idempotent); recorded as a sent item, queued for the provider',
  ),
  uploadDetailsRequest: post(
    ROUTES.uploadDetailsRequest,
    DetailsRequestRequest,
    FormCreatedResponse,
    'Personal details change, step 1: creates the request; supporting files are uploaded with the returned Identifier as FormId',
  ),
  submitDetailsRequest: post(
    ROUTES.submitDetailsRequest,
    SubmitFormRequest,
    SubmittedResponse,
    "Personal details change, step 3: sends the request for the provider's approval (idempotent); the stored details change only when approved",
  ),
  getUnreadMessageCount: post(
    ROUTES.getUnreadMessageCount,
    EmptyRequest,
    UnreadCount,
    'Unread inbox messages of the selected claim',
  ),
} satisfies AreaTable<'messages'>;
