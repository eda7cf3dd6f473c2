#pragma once

#include "ViesGate.h"
#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <functional>

namespace ades {
class Settings;
}

namespace ades::eu {

class ViesArchive;

// One answer of the European Commission's VIES, from the REST API (POST /check-vat-number) or, when that
// failed, the SOAP service. Only a real answer becomes a ViesAnswer: faults and unusable bodies are
// ServiceErrors, so `valid == false` always means "VIES says not valid".
struct ViesAnswer
{
    QString countryCode; // as VIES echoes it ("EL")
    QString vatNumber;
    bool valid = false;
    QString name; // null when VIES sent none or the "---" placeholder (not disclosed)
    QString address; // may hold '\n'; null as `name`
    QDateTime requestDate; // UTC; invalid when VIES sent none or only a day (SOAP)
    QString requestDateText; // requestDate exactly as VIES wrote it; empty when it sent none
    QString requestIdentifier; // consultation number; null when VIES sent none or ""
    // Qualified-match results VIES sent ("name", "street", "postal_code", "city", "company_type" ->
    // "VALID" / "INVALID" / "NOT_PROCESSED"); empty when no trader details were checked.
    QMap<QString, QString> traderMatches;
    QString endpoint = QStringLiteral("rest"); // which VIES interface answered: "rest" or "soap"
    int httpStatus = 0;
    QJsonObject snapshot; // UpstreamResponse::snapshot of the call
};

// What the VIES callers of one service share: the gate that bounds their concurrency and the archive of
// answers (/v1/vat/history). Either may be null (tests of the client alone): no bound, nothing archived.
struct ViesServices
{
    ViesGate *gate = nullptr;
    const ViesArchive *archive = nullptr;
};

// How patient one check is. The default is a single check someone waits for: one attempt, first in line.
struct ViesCheckOptions
{
    ViesGate::Priority priority = ViesGate::Priority::Interactive;
    // Retry transient faults (VIES rate limits, SERVICE_UNAVAILABLE, TIMEOUT, SERVER_BUSY, an unreachable
    // or garbled VIES) with exponential back-off from vies/retry_base_ms, releasing the gate meanwhile; at
    // most ViesClient::MaxRetries times.
    bool retry = false;
    // No attempt starts after it and no back-off ends after it; the last error is then the answer.
    QDeadlineTimer deadline { QDeadlineTimer::Forever };
};

// VIES through UpstreamClient: the REST API (source "vies") first, the SOAP service (source "vies-soap")
// when REST fails as a service (transport error, HTTP 5xx or a body that is no VIES answer,
// SERVICE_UNAVAILABLE). It parses and classifies, never decides: a fault is never reported as "not
// registered" (missing evidence is never approval: docs/interface.md §1). Every answer goes to the archive.
class ViesClient
{
public:
    // Defaults of source "vies" for UpstreamClient::addSource(); the wiring code registers them once, with
    // ViesSoap::sourceDefaults().
    static UpstreamSource sourceDefaults();
    static QString sourceId();
    // Retries of one check with ViesCheckOptions::retry: with back-off from 250 ms that is up to ~16 s.
    static constexpr int MaxRetries = 6;

    // Keeps references: upstream, settings and the services must outlive the client and its checks.
    ViesClient(const UpstreamClient &upstream, const Settings &settings, ViesServices services = {});

    using Callback = std::function<void(Result<ViesAnswer>)>;
    // Asks VIES about viesPrefix ("DE", "EL", "XI") + number. Does not block; `done` runs once on the
    // calling thread (which needs an event loop), synchronously only when nothing was sent. Errors: 503
    // (retryable for outages and rate limits, not retryable for IP_BLOCKED, VAT_BLOCKED,
    // INVALID_REQUESTER_INFO), 422 for INVALID_INPUT. When both endpoints fail the REST error is returned,
    // its message naming the SOAP failure too.
    void check(const QString &viesPrefix, const QString &number, Callback done) const;
    void check(const QString &viesPrefix, const QString &number, const ViesCheckOptions &options,
        Callback done) const;

    // The configured requester in compact form ("DE123456789"), or empty.
    QString requesterVatId() const;

    // Decides by the body, not the HTTP status: errorWrappers mean a fault even with HTTP 200.
    static Result<ViesAnswer> parseCheckResponse(const UpstreamResponse &response);
    // The ServiceError for a VIES fault code (the `error`/`userError` codes of the VIES REST API).
    static ServiceError errorForCode(const QString &code);
    // Whether a failed REST call is worth asking the SOAP service (the REST service failed, not the check).
    static bool isServiceFailure(const ServiceError &error);
    // Whether a retry after a back-off may succeed (rate limits and outages of VIES itself).
    static bool isWorthRetrying(const ServiceError &error);

private:
    const UpstreamClient &m_upstream;
    const Settings &m_settings;
    ViesServices m_services;
};

} // namespace ades::eu
