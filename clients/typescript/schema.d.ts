/**
 * Generated from docs/openapi-v1.json by openapi-typescript (npm run openapi:v1). Do not edit.
 */

export interface paths {
    "/faxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sent faxes */
        get: operations["listFaxes"];
        put?: never;
        /**
         * Send a fax
         * @description Charges the pages at once (refunded when the fax fails). The document is an uploaded `file_id` or a `document_url` fetched once. Send `Idempotency-Key` so a retried request never sends twice (nor fetches again).
         */
        post: operations["sendFax"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/received_faxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List received faxes */
        get: operations["listReceivedFaxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a fax, sent or received */
        get: operations["getFax"];
        put?: never;
        post?: never;
        /**
         * Move a fax to the trash
         * @description Kept in the trash for 30 days, then deleted for good. A fax on its way cannot be trashed (409).
         */
        delete: operations["trashFax"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faxes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the PDF of a fax
         * @description Sent: the document as transmitted (cover page included once prepared). Received: the pages that arrived.
         */
        get: operations["downloadFaxPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faxes/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled fax
         * @description Only before it starts; its credits are given back.
         */
        post: operations["cancelFax"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contacts
         * @description In name order.
         */
        get: operations["listContacts"];
        put?: never;
        /**
         * Add a contact
         * @description One contact per fax number (409 contact_exists names the one that has it).
         */
        post: operations["createContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a contact */
        get: operations["getContact"];
        put?: never;
        post?: never;
        /** Delete a contact */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        /**
         * Change a contact
         * @description Only the fields sent change.
         */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the account and its credits */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account’s fax numbers */
        get: operations["listNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document to fax
         * @description PDF, images or office documents as the site takes them; converted to a PDF and its pages counted.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/received_faxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a test fax (sandbox)
         * @description Test keys only. A fax arrives at once, whole, as a received sandbox fax (`livemode: false`), and `fax.received` is sent to your webhooks. Counts against the sandbox’s 100 faxes a day.
         */
        post: operations["receiveSandboxFax"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete every sandbox fax
         * @description Test keys only. Deletes every sandbox fax, sent and received, with its PDF, for good. Live faxes are untouched; the day’s count against the sandbox limit stays.
         */
        delete: operations["wipeSandbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Oldest first, from the oldest kept (30 days) or after the event named by `after`: pass the id of the last event you handled, from a webhook’s `webhook-id` or from this list. A live key reads live events, a test key the sandbox’s (`livemode: false`).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Answers its signing secret, once. The URL must be https and reach a public address.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries are dropped.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Only the fields sent change.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Answers the new secret, once; the old one signs beside it for 24 hours (two signatures per request).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery attempts
         * @description The delivery log, newest first: each request with its answer, latency and the retry it planned (kept 30 days).
         */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send failed deliveries again
         * @description One delivery (`delivery_id`, from the attempts), or every failed one of the endpoint (no body).
         */
        post: operations["redeliverWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        FaxList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Fax"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        Fax: {
            /** @example fx_0123456789abcdef */
            id: string;
            /** @enum {string} */
            object: "fax";
            /** @enum {string} */
            direction: "outbound" | "inbound";
            /** @enum {string} */
            status: "queued" | "sending" | "delivered" | "failed" | "receiving" | "received";
            /** @description E.164. Outbound: the recipient; inbound: your number. */
            to: string | null;
            /** @description E.164. Outbound: your number (null when anonymous); inbound: the caller, null when withheld. */
            from: string | null;
            contact_name: string | null;
            page_count: number;
            pages_sent: number;
            file_name: string | null;
            has_cover_page: boolean;
            anonymous: boolean;
            attempt: number;
            max_attempts: number;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            next_attempt_at: string | null;
            failure: components["schemas"]["FaxFailure"];
            credits_charged: number;
            credits_refunded: number;
            /**
             * Format: date-time
             * @description A scheduled fax: when it starts. Null once started, or when sent at once.
             * @example 2026-12-07T01:32:45.000Z
             */
            send_at: string | null;
            broadcast_id: string | null;
            read: boolean;
            partial: boolean;
            in_trash: boolean;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            completed_at: string | null;
            /** @description False for a sandbox fax, made with a test key: simulated, never dialled, charged nothing. */
            livemode: boolean;
        };
        FaxFailure: {
            /** @enum {string} */
            reason: "busy" | "no_answer" | "not_a_fax_machine" | "invalid_number" | "line_dropped" | "rejected" | "destination_not_allowed" | "document_unreadable" | "carrier_error" | "cancelled";
            retryable: boolean;
            pages_sent: number;
        } | null;
        /** @description RFC 9457. Types: invalid_request, malformed_body, invalid_fax_number, invalid_send_time, invalid_idempotency_key, too_many_pages, unsupported_file_type, encrypted_document, corrupt_document, document_too_complex, image_too_large, webhook_url_refused, document_url_refused, document_unreachable, document_too_large, unauthenticated, insufficient_credits, insufficient_scope, email_not_verified, test_key_required, not_found, method_not_allowed, idempotency_in_flight, contact_exists, too_many_contacts, too_many_webhook_endpoints, fax_started, fax_in_progress, fax_not_ready, payload_too_large, unsupported_media_type, idempotency_key_reused, rate_limited, sandbox_limit_reached, internal. */
        Problem: {
            /**
             * Format: uri
             * @description A documented anchor naming the problem, e.g. …/developers#problem-not-found.
             */
            type: string;
            title: string;
            status: number;
            detail?: string;
            errors?: {
                field: string;
                message: string;
            }[];
            request_id: string;
        };
        /** @description The faxes of a send to many numbers, in the order given. */
        FaxBatch: {
            /** @enum {string} */
            object: "fax_batch";
            broadcast_id: string;
            data: components["schemas"]["Fax"][];
        };
        SendFaxInput: {
            /**
             * @description A fax number, or up to 50 of them (one fax each).
             * @example +12125550123
             */
            to: string | string[];
            /**
             * Format: uuid
             * @description A document uploaded with POST /v1/files. Give this or `document_url`.
             */
            file_id?: string;
            /**
             * Format: uri
             * @description An https URL the document is fetched from, once, instead of `file_id`: no private or reserved addresses, at most 3 redirects, 15 s, the upload size limit; then stored and checked as an upload.
             * @example https://example.com/invoice.pdf
             */
            document_url?: string;
            cover_page?: components["schemas"]["CoverPageInput"];
            /**
             * Format: date-time
             * @description Send later (within 30 days); at once when absent.
             */
            send_at?: string;
            /**
             * @description Withhold your number.
             * @default false
             */
            anonymous: boolean;
        };
        CoverPageInput: {
            /** @enum {string} */
            template?: "classic" | "modern";
            to_name?: string;
            to_company?: string;
            from_name?: string;
            from_company?: string;
            from_number?: string;
            subject?: string;
            message?: string;
        };
        ContactList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Contact"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        Contact: {
            id: string;
            /** @enum {string} */
            object: "contact";
            name: string;
            /** @example +12125550123 */
            fax_number: string;
            company: string;
            email: string;
            note: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            updated_at: string;
        };
        ContactInput: {
            name: string;
            /** @example +1 212 555 0123 */
            fax_number: string;
            company?: string;
            email?: string;
            note?: string;
        };
        ContactPatch: {
            name?: string;
            /** @example +1 212 555 0123 */
            fax_number?: string;
            company?: string;
            email?: string;
            note?: string;
        };
        DeletedContact: {
            id: string;
            /** @enum {string} */
            object: "contact";
            /** @enum {boolean} */
            deleted: true;
        };
        Account: {
            id: string;
            /** @enum {string} */
            object: "account";
            email: string;
            display_name: string | null;
            email_verified: boolean;
            /** @enum {string|null} */
            plan: "free" | "trial" | "paid" | null;
            credits: {
                /** @description Pages that can be sent. */
                send: number;
                /** @description Pages that can be received. */
                receive: number;
            };
            api_key: {
                id: string;
                livemode: boolean;
                scopes: ("faxes:read" | "faxes:send" | "contacts:read" | "contacts:write" | "webhooks:manage")[];
            };
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            created_at: string;
        };
        NumberList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Number"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        Number: {
            id: string;
            /** @enum {string} */
            object: "number";
            /** @example +12125550123 */
            number: string;
            area_code: string;
            city: string;
            region: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            assigned_at: string | null;
        };
        File: {
            id: string;
            /** @enum {string} */
            object: "file";
            name: string;
            page_count: number;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            created_at: string;
        };
        SandboxReceiveInput: {
            /**
             * @description The caller’s number.
             * @example +12025550142
             */
            from?: string;
            /**
             * @description Pages of the test fax.
             * @default 1
             */
            pages: number;
        };
        SandboxWipe: {
            /** @enum {string} */
            object: "sandbox_wipe";
            /** @description Sandbox faxes deleted. */
            deleted: number;
        };
        EventList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Event"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        /** @description The body a webhook carried, with its id: what happened, in the order it happened. */
        Event: {
            /**
             * @description The `webhook-id` its webhooks carried.
             * @example evt_3q2UeBcTkqYQy0bq5fJ0ZQ
             */
            id: string;
            /** @enum {string} */
            object: "event";
            /** @example fax.delivered */
            type: string;
            /**
             * Format: date-time
             * @example 2026-12-07T01:32:45.000Z
             */
            timestamp: string;
            livemode: boolean;
            /** @description As in the webhook’s body: the fax, the number or the credits. */
            data: {
                [key: string]: unknown;
            };
        };
        WebhookEndpointList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        WebhookEndpoint: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            url: string;
            description: string;
            events: ("fax.queued" | "fax.sending" | "fax.page_sent" | "fax.delivered" | "fax.failed" | "fax.retrying" | "fax.received" | "number.assigned" | "credits.low")[];
            enabled: boolean;
            /**
             * @description `failing`: turned off by us after 5 days of failed attempts.
             * @enum {string|null}
             */
            disabled_reason: "failing" | null;
            /**
             * Format: date-time
             * @description After a rotation: until when the secret before it still signs beside the new one.
             */
            previous_secret_until: string | null;
            /** Format: date-time */
            failing_since: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookEndpointWithSecret: components["schemas"]["WebhookEndpoint"] & {
            /** @description `whsec_…`: shown once, here, never again. */
            secret: string;
        };
        WebhookEndpointInput: {
            /** @example https://example.com/fax-events */
            url: string;
            /**
             * @description The events to receive, from the published catalogue.
             * @example [
             *       "fax.delivered",
             *       "fax.failed"
             *     ]
             */
            events: ("fax.queued" | "fax.sending" | "fax.page_sent" | "fax.delivered" | "fax.failed" | "fax.retrying" | "fax.received" | "number.assigned" | "credits.low")[];
            description?: string;
        };
        WebhookEndpointPatch: {
            url?: string;
            /**
             * @description The events to receive, from the published catalogue.
             * @example [
             *       "fax.delivered",
             *       "fax.failed"
             *     ]
             */
            events?: ("fax.queued" | "fax.sending" | "fax.page_sent" | "fax.delivered" | "fax.failed" | "fax.retrying" | "fax.received" | "number.assigned" | "credits.low")[];
            description?: string;
            /** @description Turn the endpoint off or on again (a failing one comes back on). */
            enabled?: boolean;
        };
        DeletedWebhookEndpoint: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** @enum {boolean} */
            deleted: true;
        };
        WebhookAttemptList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookAttempt"][];
            has_more: boolean;
            /** @description Pass as `after` for the next page; null on the last. */
            next_cursor: string | null;
        };
        WebhookAttempt: {
            id: string;
            /** @enum {string} */
            object: "webhook_attempt";
            /** @description Pass to redeliver to send this event to this endpoint again. */
            delivery_id: string;
            event_id: string;
            event_type: string;
            attempt: number;
            /** Format: date-time */
            at: string;
            url: string;
            request_headers: {
                [key: string]: string;
            };
            request_body: string;
            response_status: number | null;
            /** @description The first 4 KB. */
            response_body: string | null;
            latency_ms: number;
            error: string | null;
            retry_in_seconds: number | null;
            /** @enum {string} */
            delivery_state: "pending" | "succeeded" | "dead";
        };
        Redelivery: {
            /** @enum {string} */
            object: "redelivery";
            redelivered: number;
        };
        RedeliverInput: {
            delivery_id?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listFaxes: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the page before. */
                after?: string;
                /** @description 1 to 100; 20 when absent. */
                limit?: number;
                /** @description delivered, failed or sending (sent); received, failed or receiving (received). */
                status?: "delivered" | "failed" | "sending" | "received" | "receiving";
                /** @description The other party’s number, or digits of it. */
                number?: string;
                /** @description First day, YYYY-MM-DD (UTC). */
                from?: string;
                /** @description Last day, YYYY-MM-DD (UTC). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaxList"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendFax: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendFaxInput"];
            };
        };
        responses: {
            /** @description Accepted: queued, or scheduled when `send_at` is given. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fax"] | components["schemas"]["FaxBatch"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not enough credits. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listReceivedFaxes: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the page before. */
                after?: string;
                /** @description 1 to 100; 20 when absent. */
                limit?: number;
                /** @description delivered, failed or sending (sent); received, failed or receiving (received). */
                status?: "delivered" | "failed" | "sending" | "received" | "receiving";
                /** @description The other party’s number, or digits of it. */
                number?: string;
                /** @description First day, YYYY-MM-DD (UTC). */
                from?: string;
                /** @description Last day, YYYY-MM-DD (UTC). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaxList"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fax. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fax"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    trashFax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fax, `in_trash: true`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fax"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadFaxPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelFax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fax, failed with reason `cancelled`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fax"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the page before. */
                after?: string;
                limit?: number;
                /** @description Words of the name or company, or digits of the number. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contacts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createContact: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactInput"];
            };
        };
        responses: {
            /** @description The contact added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contact. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedContact"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactPatch"];
            };
        };
        responses: {
            /** @description The contact changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account the key belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its numbers (none on the free plan). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NumberList"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The document stored, ready to fax. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    receiveSandboxFax: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SandboxReceiveInput"];
            };
        };
        responses: {
            /** @description The received test fax. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fax"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    wipeSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sandbox faxes went. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxWipe"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description An event id: the events after it. Its `next_cursor` is the last id of the page. */
                after?: string;
                /** @description 1 to 100; 20 when absent. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events after `after`, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All of them, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointInput"];
            };
        };
        responses: {
            /** @description The endpoint, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A conflict: the resource’s state, or an Idempotency-Key still in flight. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointPatch"];
            };
        };
        responses: {
            /** @description The endpoint changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, with its new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the page before. */
                after?: string;
                /** @description 1 to 100; 20 when absent. */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAttemptList"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RedeliverInput"];
            };
        };
        responses: {
            /** @description How many deliveries were set to go again now. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redelivery"];
                };
            };
            /** @description The request is not valid (`errors[]` names each field). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the permission this call needs, the account may not do it yet, or the call is for test keys only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in this account (another account’s id answers the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many calls with this key, or (test keys) the day’s sandbox faxes made; `Retry-After` says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
