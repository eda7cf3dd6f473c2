#pragma once

#include "core/Result.h"
#include "core/SettingSpec.h"
#include "upstream/FetchSnapshot.h"
#include "upstream/UpstreamHealth.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>
#include <functional>
#include <memory>

class QObject;

namespace ades {

class Clock;
class Settings;

// Where one upstream lives and how long we wait for it. Defaults are the official endpoints; every field
// is a setting: upstream/<id>/base_url, upstream/<id>/timeout_ms, upstream/<id>/api_key.
struct UpstreamSource
{
    QString id; // "vies"
    QString name; // "EU VIES (European Commission)"
    QUrl baseUrl;
    int timeoutMs = 10000;
    QString apiKey;
    // Requests to it that may be in flight at once from one thread. Beyond 6 (what one
    // QNetworkAccessManager opens to a host) the client uses more managers; the caller bounds its traffic.
    int maxConnections = 6;
};

struct UpstreamRequest
{
    QString source; // source id
    QString path; // appended to the base URL ("/check-vat-number")
    // Instead of base URL + path, when set: for a source whose address derives from another source's
    // (VIES SOAP beside a relocated VIES REST). The source's timeout and name still apply.
    QUrl url;
    QByteArray method = "GET";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    qint64 maxResponseBytes = 8 * 1024 * 1024;
};

struct UpstreamResponse
{
    int httpStatus = 0;
    QByteArray body;
    // Evidence of the fetch, and the same as JSON: {source, name, url, fetched_at, sha256, http_status,
    // bytes}.
    FetchSnapshot fetch;
    QJsonObject snapshot;
};

// The one HTTP client for every upstream: configured base URL and timeout per source,
// a byte cap, and a source snapshot for the evidence. Safe to call from any thread with an event loop:
// each thread gets its own QNetworkAccessManager. The callback runs once, on the calling thread.
// Transport failure, timeout or an oversized answer yield ServiceError::sourceUnavailable(source).
// HTTP error statuses are NOT errors here: the caller reads the body (VIES sends faults with 200 or 500).
class UpstreamClient
{
public:
    UpstreamClient(const Settings &settings, const Clock &clock);
    ~UpstreamClient();

    // Registers a source with its official defaults; settings override them.
    void addSource(UpstreamSource defaults);
    const UpstreamSource *source(const QString &id) const;
    QList<UpstreamSource> sources() const;
    // The settings of every registered source (upstream/<id>/base_url, timeout_ms, api_key).
    const QList<SettingSpec> &settingSpecs() const { return m_specs; }

    using Callback = std::function<void(Result<UpstreamResponse>)>;
    void fetch(const UpstreamRequest &request, Callback done) const;

    // The last success and failure of every registered source since start, in registration order (the
    // console's dashboard). Every fetch() outcome is recorded: an answer below 500 is a success.
    QList<UpstreamHealth::Entry> health() const;

private:
    const Settings &m_settings;
    const Clock &m_clock;
    QList<UpstreamSource> m_sources;
    QList<SettingSpec> m_specs;
    std::unique_ptr<UpstreamHealth> m_health; // written from every I/O thread; thread-safe itself
};

} // namespace ades
