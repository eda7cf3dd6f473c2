#pragma once

#include "http/HttpExchange.h"
#include "store/CallRecord.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

namespace ades {

// What the call log keeps of a request and its answer for the console's detail pane, made safe to store:
// secrets masked BEFORE anything is written (Authorization, API keys, payment headers, secret query
// parameters and JSON members), bodies cut at MaxStoredBody bytes, binary bodies replaced by a note. Runs
// on the I/O thread for every logged call, so it is cheap: headers and the query are a few strings, a
// request body is parsed only when it is JSON of at most MaxStoredBody bytes, and an answer is parsed only
// when it carries upstream evidence (a "fetched_at" member) to list the sources it names.
class CallCapture
{
public:
    // Bytes kept of each body (64 KiB): results with their receipts fit, documents and dossiers do not.
    static constexpr qsizetype MaxStoredBody = 64 * 1024;
    // Answers larger than this are not parsed for their sources (4 MiB).
    static constexpr qsizetype MaxParsedAnswer = 4 * 1024 * 1024;

    // Fills the record's detail: the masked headers, the sizes and the sources always; the query and the
    // bodies (masked, bounded) only `withBodies`.
    static void fill(
        CallRecord &record, const HttpRequestData &request, const CallNotes &notes, bool withBodies);

    // Header names that carry credentials or payments: Authorization, Cookie, X-API-Key, PAYMENT-SIGNATURE,
    // X-PAYMENT and any name with key, token, secret, auth, signature, payment, password or cookie in it.
    static bool isSecretHeader(QStringView name);
    // Query parameter and JSON member names that carry credentials: api_key, token, secret, password,
    // authorization, private keys, signatures of payments, and the x402 payment members ("x402/payment").
    static bool isSecretMember(QStringView name);
    // "••••••••" with what kind of value it was, never any of its characters beyond an auth scheme.
    static QString mask(const QByteArray &value, bool keepScheme = false);

    static QString maskedHeaders(const HeaderList &headers);
    static QString maskedQuery(const QUrlQuery &query);
    static QString requestBodyText(const QByteArray &body, const QByteArray &contentType);
    static QString responseBodyText(const QByteArray &body, const QByteArray &contentType);
    // The ids of the upstream sources whose evidence snapshots (UpstreamResponse::snapshot: an object with
    // "source" and "fetched_at") the JSON answer carries, in order of first appearance, comma-separated.
    static QString sourcesOf(const QByteArray &answer, const QByteArray &contentType);
};

} // namespace ades
