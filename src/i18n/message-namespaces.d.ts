// Each namespace of en-US.json as its own module (src/integrations/message-namespaces.ts), typed
// as that part of the dictionary: an island imports the ones it shows (./translator.ts).
// A namespace added to en-US.json gets its line here when an island first needs it.
// `virtual:message/<namespace>.<key>` is one message alone, a string; `virtual:messages/<namespace>.<part>`
// one part of a namespace (an object).

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
declare module 'virtual:messages/numbers.note' {
  const messages: Messages['numbers']['note'];
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
// Without the parts src/integrations/message-namespaces.ts keeps apart (the Worker's own words,
// and the cancel dialog's, which come with it), here and for numbers (the held number's line).
declare module 'virtual:messages/billing' {
  const messages: Omit<Messages['billing'], 'records' | 'mail' | 'invoicePdf' | 'cancelDialog'>;
  export default messages;
}
declare module 'virtual:messages/billing.cancelDialog' {
  const messages: Messages['billing']['cancelDialog'];
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
// Parts of a namespace, `virtual:messages/<namespace>.<part>`, for a piece of a page loaded on first need.
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
declare module 'virtual:message/*' {
  const message: string;
  export default message;
}
declare module 'virtual:messages/toasts' {
  const messages: Messages['toasts'];
  export default messages;
}
declare module 'virtual:messages/inboxList' {
  const messages: Messages['inboxList'];
  export default messages;
}
