#pragma once

#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <functional>

namespace ades {
class Settings;
}

namespace ades::eu {

// One answer of the European Commission's VIES REST API to POST /check-vat-number. Only a real answer
// becomes a ViesAnswer: faults and unusable bodies are ServiceErrors, so `valid == false` always means
// "VIES says not valid".
struct ViesAnswer
{
    QString countryCode; // as VIES echoes it ("EL")
    QString vatNumber;
    bool valid = false;
    QString name; // null when VIES sent none or the "---" placeholder (not disclosed)
    QString address; // may hold '\n'; null as `name`
    QDateTime requestDate; // UTC; invalid when VIES sent none
    QString requestIdentifier; // consultation number; null when VIES sent none or ""
    // Qualified-match results VIES sent ("name", "street", "postal_code", "city", "company_type" ->
    // "VALID" / "INVALID" / "NOT_PROCESSED"); empty when no trader details were checked.
    QMap<QString, QString> traderMatches;
    int httpStatus = 0;
    QJsonObject snapshot; // UpstreamResponse::snapshot of the call
};

// VIES through UpstreamClient (source id "vies"). It parses and classifies, never decides: a fault is
// never reported as "not registered" (missing evidence is never approval: docs/interface.md §1).
class ViesClient
{
public:
    // Defaults of source "vies" for UpstreamClient::addSource(); the wiring code registers them once.
    static UpstreamSource sourceDefaults();
    static QString sourceId();

    // Keeps references: both must outlive the client.
    ViesClient(const UpstreamClient &upstream, const Settings &settings);

    using Callback = std::function<void(Result<ViesAnswer>)>;
    // Asks VIES about viesPrefix ("DE", "EL", "XI") + number. Does not block; `done` runs once on the
    // calling thread (which needs an event loop). Errors: 503 (retryable for outages and rate limits,
    // not retryable for IP_BLOCKED, VAT_BLOCKED, INVALID_REQUESTER_INFO), 422 for INVALID_INPUT.
    void check(const QString &viesPrefix, const QString &number, Callback done) const;

    // The configured requester in compact form ("DE123456789"), or empty.
    QString requesterVatId() const;

    // Decides by the body, not the HTTP status: errorWrappers mean a fault even with HTTP 200.
    static Result<ViesAnswer> parseCheckResponse(const UpstreamResponse &response);
    // The ServiceError for a VIES fault code (the `error`/`userError` codes of the VIES REST API).
    static ServiceError errorForCode(const QString &code);

private:
    const UpstreamClient &m_upstream;
    const Settings &m_settings;
};

} // namespace ades::eu
