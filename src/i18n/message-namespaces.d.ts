// Written by src/integrations/message-types.ts from en-US.json on every Astro run: do not edit.
// Each namespace of en-US.json as its own module (src/integrations/message-namespaces.ts), typed
// as that part of the dictionary: an island imports the ones it shows (./translator.ts).
// `virtual:messages/<namespace>.<part>` is one part of a namespace (an object);
// `virtual:message/<namespace>.<key>` one message alone, a string.

type Messages = typeof import('./en-US.json');

declare module 'virtual:messages/app' {
  const messages: Messages['app'];
  export default messages;
}
declare module 'virtual:messages/nav' {
  const messages: Messages['nav'];
  export default messages;
}
declare module 'virtual:messages/footer' {
  const messages: Messages['footer'];
  export default messages;
}
declare module 'virtual:messages/shell' {
  const messages: Messages['shell'];
  export default messages;
}
declare module 'virtual:messages/upgrade' {
  const messages: Messages['upgrade'];
  export default messages;
}
declare module 'virtual:messages/login' {
  const messages: Messages['login'];
  export default messages;
}
declare module 'virtual:messages/signInLink' {
  const messages: Messages['signInLink'];
  export default messages;
}
declare module 'virtual:messages/secondFactor' {
  const messages: Messages['secondFactor'];
  export default messages;
}
declare module 'virtual:messages/passkeys' {
  const messages: Messages['passkeys'];
  export default messages;
}
declare module 'virtual:messages/dashboard' {
  const messages: Messages['dashboard'];
  export default messages;
}
declare module 'virtual:messages/welcome' {
  const messages: Messages['welcome'];
  export default messages;
}
declare module 'virtual:messages/onboarding' {
  const messages: Messages['onboarding'];
  export default messages;
}
declare module 'virtual:messages/live' {
  const messages: Messages['live'];
  export default messages;
}
declare module 'virtual:messages/settings' {
  const messages: Messages['settings'];
  export default messages;
}
declare module 'virtual:messages/emailChange' {
  const messages: Messages['emailChange'];
  export default messages;
}
declare module 'virtual:messages/numbers' {
  const messages: Omit<Messages['numbers'], 'note'>;
  export default messages;
}
declare module 'virtual:messages/notFound' {
  const messages: Messages['notFound'];
  export default messages;
}
declare module 'virtual:messages/google' {
  const messages: Messages['google'];
  export default messages;
}
declare module 'virtual:messages/recover' {
  const messages: Messages['recover'];
  export default messages;
}
declare module 'virtual:messages/outbox' {
  const messages: Messages['outbox'];
  export default messages;
}
declare module 'virtual:messages/deletion' {
  const messages: Messages['deletion'];
  export default messages;
}
declare module 'virtual:messages/send' {
  const messages: Messages['send'];
  export default messages;
}
declare module 'virtual:messages/upload' {
  const messages: Messages['upload'];
  export default messages;
}
declare module 'virtual:messages/sent' {
  const messages: Messages['sent'];
  export default messages;
}
declare module 'virtual:messages/faxFilters' {
  const messages: Messages['faxFilters'];
  export default messages;
}
declare module 'virtual:messages/faxDetails' {
  const messages: Messages['faxDetails'];
  export default messages;
}
declare module 'virtual:messages/faxFailure' {
  const messages: Messages['faxFailure'];
  export default messages;
}
declare module 'virtual:messages/mail' {
  const messages: Messages['mail'];
  export default messages;
}
declare module 'virtual:messages/receiveMail' {
  const messages: Messages['receiveMail'];
  export default messages;
}
declare module 'virtual:messages/inbox' {
  const messages: Messages['inbox'];
  export default messages;
}
declare module 'virtual:messages/faxStatus' {
  const messages: Messages['faxStatus'];
  export default messages;
}
declare module 'virtual:messages/transaction' {
  const messages: Messages['transaction'];
  export default messages;
}
declare module 'virtual:messages/billing' {
  const messages: Omit<Messages['billing'], 'records' | 'mail' | 'invoicePdf' | 'cancelDialog'>;
  export default messages;
}
declare module 'virtual:messages/errors' {
  const messages: Messages['errors'];
  export default messages;
}
declare module 'virtual:messages/viewer' {
  const messages: Messages['viewer'];
  export default messages;
}
declare module 'virtual:messages/api' {
  const messages: Messages['api'];
  export default messages;
}
declare module 'virtual:messages/coverPagePdf' {
  const messages: Messages['coverPagePdf'];
  export default messages;
}
declare module 'virtual:messages/storageErrors' {
  const messages: Messages['storageErrors'];
  export default messages;
}
declare module 'virtual:messages/landing' {
  const messages: Messages['landing'];
  export default messages;
}
declare module 'virtual:messages/passwordRules' {
  const messages: Messages['passwordRules'];
  export default messages;
}
declare module 'virtual:messages/verifyEmail' {
  const messages: Messages['verifyEmail'];
  export default messages;
}
declare module 'virtual:messages/trash' {
  const messages: Messages['trash'];
  export default messages;
}
declare module 'virtual:messages/faxActions' {
  const messages: Messages['faxActions'];
  export default messages;
}
declare module 'virtual:messages/broadcast' {
  const messages: Messages['broadcast'];
  export default messages;
}
declare module 'virtual:messages/phonebook' {
  const messages: Messages['phonebook'];
  export default messages;
}
declare module 'virtual:messages/faxMail' {
  const messages: Messages['faxMail'];
  export default messages;
}
declare module 'virtual:messages/faxSelection' {
  const messages: Messages['faxSelection'];
  export default messages;
}
declare module 'virtual:messages/designGuide' {
  const messages: Messages['designGuide'];
  export default messages;
}
declare module 'virtual:messages/inboxList' {
  const messages: Messages['inboxList'];
  export default messages;
}
declare module 'virtual:messages/toasts' {
  const messages: Messages['toasts'];
  export default messages;
}
declare module 'virtual:messages/legal' {
  const messages: Messages['legal'];
  export default messages;
}
declare module 'virtual:messages/loginOffer' {
  const messages: Messages['loginOffer'];
  export default messages;
}
declare module 'virtual:messages/keptDocument' {
  const messages: Messages['keptDocument'];
  export default messages;
}
declare module 'virtual:messages/funnel' {
  const messages: Messages['funnel'];
  export default messages;
}
declare module 'virtual:messages/webhooks' {
  const messages: Messages['webhooks'];
  export default messages;
}
declare module 'virtual:messages/developers' {
  const messages: Messages['developers'];
  export default messages;
}
declare module 'virtual:messages/signInLink.mail' {
  const messages: Messages['signInLink']['mail'];
  export default messages;
}
declare module 'virtual:messages/secondFactor.mail' {
  const messages: Messages['secondFactor']['mail'];
  export default messages;
}
declare module 'virtual:messages/dashboard.setup' {
  const messages: Messages['dashboard']['setup'];
  export default messages;
}
declare module 'virtual:messages/onboarding.steps' {
  const messages: Messages['onboarding']['steps'];
  export default messages;
}
declare module 'virtual:messages/settings.method' {
  const messages: Messages['settings']['method'];
  export default messages;
}
declare module 'virtual:messages/settings.sections' {
  const messages: Messages['settings']['sections'];
  export default messages;
}
declare module 'virtual:messages/settings.themeNames' {
  const messages: Messages['settings']['themeNames'];
  export default messages;
}
declare module 'virtual:messages/emailChange.mail' {
  const messages: Messages['emailChange']['mail'];
  export default messages;
}
declare module 'virtual:messages/emailChange.notice' {
  const messages: Messages['emailChange']['notice'];
  export default messages;
}
declare module 'virtual:messages/numbers.note' {
  const messages: Messages['numbers']['note'];
  export default messages;
}
declare module 'virtual:messages/google.errors' {
  const messages: Messages['google']['errors'];
  export default messages;
}
declare module 'virtual:messages/recover.mail' {
  const messages: Messages['recover']['mail'];
  export default messages;
}
declare module 'virtual:messages/deletion.steps' {
  const messages: Messages['deletion']['steps'];
  export default messages;
}
declare module 'virtual:messages/send.composer' {
  const messages: Messages['send']['composer'];
  export default messages;
}
declare module 'virtual:messages/send.to' {
  const messages: Messages['send']['to'];
  export default messages;
}
declare module 'virtual:messages/send.document' {
  const messages: Messages['send']['document'];
  export default messages;
}
declare module 'virtual:messages/send.summary' {
  const messages: Messages['send']['summary'];
  export default messages;
}
declare module 'virtual:messages/send.blocked' {
  const messages: Messages['send']['blocked'];
  export default messages;
}
declare module 'virtual:messages/send.cover' {
  const messages: Messages['send']['cover'];
  export default messages;
}
declare module 'virtual:messages/send.later' {
  const messages: Messages['send']['later'];
  export default messages;
}
declare module 'virtual:messages/upload.progress' {
  const messages: Messages['upload']['progress'];
  export default messages;
}
declare module 'virtual:messages/upload.errors' {
  const messages: Messages['upload']['errors'];
  export default messages;
}
declare module 'virtual:messages/sent.progress' {
  const messages: Messages['sent']['progress'];
  export default messages;
}
declare module 'virtual:messages/faxFilters.statuses' {
  const messages: Messages['faxFilters']['statuses'];
  export default messages;
}
declare module 'virtual:messages/faxDetails.event' {
  const messages: Messages['faxDetails']['event'];
  export default messages;
}
declare module 'virtual:messages/faxDetails.confirmationPdf' {
  const messages: Messages['faxDetails']['confirmationPdf'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.BUSY' {
  const messages: Messages['faxFailure']['BUSY'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.NO_ANSWER' {
  const messages: Messages['faxFailure']['NO_ANSWER'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.NOT_A_FAX_MACHINE' {
  const messages: Messages['faxFailure']['NOT_A_FAX_MACHINE'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.INVALID_NUMBER' {
  const messages: Messages['faxFailure']['INVALID_NUMBER'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.LINE_DROPPED' {
  const messages: Messages['faxFailure']['LINE_DROPPED'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.REJECTED' {
  const messages: Messages['faxFailure']['REJECTED'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.DESTINATION_NOT_ALLOWED' {
  const messages: Messages['faxFailure']['DESTINATION_NOT_ALLOWED'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.DOCUMENT_UNREADABLE' {
  const messages: Messages['faxFailure']['DOCUMENT_UNREADABLE'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.CARRIER_ERROR' {
  const messages: Messages['faxFailure']['CARRIER_ERROR'];
  export default messages;
}
declare module 'virtual:messages/faxFailure.CANCELLED' {
  const messages: Messages['faxFailure']['CANCELLED'];
  export default messages;
}
declare module 'virtual:messages/inbox.details' {
  const messages: Messages['inbox']['details'];
  export default messages;
}
declare module 'virtual:messages/faxStatus.pill' {
  const messages: Messages['faxStatus']['pill'];
  export default messages;
}
declare module 'virtual:messages/transaction.problem' {
  const messages: Messages['transaction']['problem'];
  export default messages;
}
declare module 'virtual:messages/billing.records' {
  const messages: Messages['billing']['records'];
  export default messages;
}
declare module 'virtual:messages/billing.mail' {
  const messages: Messages['billing']['mail'];
  export default messages;
}
declare module 'virtual:messages/billing.invoicePdf' {
  const messages: Messages['billing']['invoicePdf'];
  export default messages;
}
declare module 'virtual:messages/billing.cancelDialog' {
  const messages: Messages['billing']['cancelDialog'];
  export default messages;
}
declare module 'virtual:messages/viewer.preview' {
  const messages: Messages['viewer']['preview'];
  export default messages;
}
declare module 'virtual:messages/api.errors' {
  const messages: Messages['api']['errors'];
  export default messages;
}
declare module 'virtual:messages/api.passwordGuessable' {
  const messages: Messages['api']['passwordGuessable'];
  export default messages;
}
declare module 'virtual:messages/api.pdfLocked' {
  const messages: Messages['api']['pdfLocked'];
  export default messages;
}
declare module 'virtual:messages/api.contactFile' {
  const messages: Messages['api']['contactFile'];
  export default messages;
}
declare module 'virtual:messages/api.contactRows' {
  const messages: Messages['api']['contactRows'];
  export default messages;
}
declare module 'virtual:messages/api.contactFields' {
  const messages: Messages['api']['contactFields'];
  export default messages;
}
declare module 'virtual:messages/landing.nav' {
  const messages: Messages['landing']['nav'];
  export default messages;
}
declare module 'virtual:messages/landing.plans' {
  const messages: Messages['landing']['plans'];
  export default messages;
}
declare module 'virtual:messages/landing.receiveFax' {
  const messages: Messages['landing']['receiveFax'];
  export default messages;
}
declare module 'virtual:messages/landing.receiveFax2' {
  const messages: Messages['landing']['receiveFax2'];
  export default messages;
}
declare module 'virtual:messages/landing.receiveFax3' {
  const messages: Messages['landing']['receiveFax3'];
  export default messages;
}
declare module 'virtual:messages/landing.receiveFax4' {
  const messages: Messages['landing']['receiveFax4'];
  export default messages;
}
declare module 'virtual:messages/landing.receiveFax5' {
  const messages: Messages['landing']['receiveFax5'];
  export default messages;
}
declare module 'virtual:messages/landing.sendFax' {
  const messages: Messages['landing']['sendFax'];
  export default messages;
}
declare module 'virtual:messages/landing.offer' {
  const messages: Messages['landing']['offer'];
  export default messages;
}
declare module 'virtual:messages/landing.trust' {
  const messages: Messages['landing']['trust'];
  export default messages;
}
declare module 'virtual:messages/landing.faq' {
  const messages: Messages['landing']['faq'];
  export default messages;
}
declare module 'virtual:messages/landing.shot' {
  const messages: Messages['landing']['shot'];
  export default messages;
}
declare module 'virtual:messages/passwordRules.strength' {
  const messages: Messages['passwordRules']['strength'];
  export default messages;
}
declare module 'virtual:messages/verifyEmail.mail' {
  const messages: Messages['verifyEmail']['mail'];
  export default messages;
}
declare module 'virtual:messages/verifyEmail.banner' {
  const messages: Messages['verifyEmail']['banner'];
  export default messages;
}
declare module 'virtual:messages/faxMail.confirmMail' {
  const messages: Messages['faxMail']['confirmMail'];
  export default messages;
}
declare module 'virtual:messages/faxMail.received' {
  const messages: Messages['faxMail']['received'];
  export default messages;
}
declare module 'virtual:messages/faxMail.refused' {
  const messages: Messages['faxMail']['refused'];
  export default messages;
}
declare module 'virtual:messages/faxMail.accepted' {
  const messages: Messages['faxMail']['accepted'];
  export default messages;
}
declare module 'virtual:messages/faxMail.delivered' {
  const messages: Messages['faxMail']['delivered'];
  export default messages;
}
declare module 'virtual:messages/faxMail.failed' {
  const messages: Messages['faxMail']['failed'];
  export default messages;
}
declare module 'virtual:messages/faxMail.refusal' {
  const messages: Messages['faxMail']['refusal'];
  export default messages;
}
declare module 'virtual:messages/faxMail.reject' {
  const messages: Messages['faxMail']['reject'];
  export default messages;
}
declare module 'virtual:messages/faxMail.settings' {
  const messages: Messages['faxMail']['settings'];
  export default messages;
}
declare module 'virtual:messages/faxMail.confirmPage' {
  const messages: Messages['faxMail']['confirmPage'];
  export default messages;
}
declare module 'virtual:messages/legal.terms' {
  const messages: Messages['legal']['terms'];
  export default messages;
}
declare module 'virtual:messages/legal.privacy' {
  const messages: Messages['legal']['privacy'];
  export default messages;
}
declare module 'virtual:messages/legal.agree' {
  const messages: Messages['legal']['agree'];
  export default messages;
}
declare module 'virtual:messages/funnel.steps' {
  const messages: Messages['funnel']['steps'];
  export default messages;
}
declare module 'virtual:messages/webhooks.mail' {
  const messages: Messages['webhooks']['mail'];
  export default messages;
}
declare module 'virtual:messages/webhooks.eventNames' {
  const messages: Messages['webhooks']['eventNames'];
  export default messages;
}
declare module 'virtual:messages/webhooks.columns' {
  const messages: Messages['webhooks']['columns'];
  export default messages;
}
declare module 'virtual:messages/webhooks.states' {
  const messages: Messages['webhooks']['states'];
  export default messages;
}
declare module 'virtual:messages/developers.scopeNames' {
  const messages: Messages['developers']['scopeNames'];
  export default messages;
}
declare module 'virtual:messages/developers.mail' {
  const messages: Messages['developers']['mail'];
  export default messages;
}
declare module 'virtual:messages/developers.reference' {
  const messages: Messages['developers']['reference'];
  export default messages;
}
declare module 'virtual:message/*' {
  const message: string;
  export default message;
}
