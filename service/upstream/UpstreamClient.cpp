#include "UpstreamClient.h"

#include "core/Clock.h"
#include "core/SettingSpec.h"
#include "core/Settings.h"

#include <QCryptographicHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThreadStorage>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// QNetworkAccessManager opens at most 6 HTTP/1.1 connections to one host and queues the rest; Qt 6.4 has no
// setting for it (QHttp1Configuration arrived in 6.5). A source that needs more requests in flight at once
// (UpstreamSource::maxConnections) gets more managers, each with its own 6.
constexpr int ConnectionsPerManager = 6;

// The managers of one thread: QNetworkAccessManager is not thread-safe and replies live in its thread
// (docs/architecture.md, Qt 6.4 pitfalls: network-per-thread). The first one serves every source; the
// others are made only while all are busy with a source that may use them.
class ThreadManagers
{
public:
    ~ThreadManagers() { qDeleteAll(m_managers); }

    // The least busy of the managers `maxConnections` allows, a new one when all are full. `index` says
    // which, for done().
    QNetworkAccessManager *acquire(int maxConnections, int *index)
    {
        const int allowed = qMax(1, (maxConnections + ConnectionsPerManager - 1) / ConnectionsPerManager);
        int best = -1;
        for (int i = 0; i < int(m_managers.size()) && i < allowed; ++i) {
            if (best < 0 || m_active[size_t(i)] < m_active[size_t(best)])
                best = i;
        }
        if (best < 0
            || (m_active[size_t(best)] >= ConnectionsPerManager && int(m_managers.size()) < allowed)) {
            auto *manager = new QNetworkAccessManager;
            manager->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
            m_managers.push_back(manager);
            m_active.push_back(0);
            best = int(m_managers.size()) - 1;
        }
        ++m_active[size_t(best)];
        *index = best;
        return m_managers[size_t(best)];
    }
    void done(int index) { --m_active[size_t(index)]; }

private:
    std::vector<QNetworkAccessManager *> m_managers;
    std::vector<int> m_active; // replies in flight per manager
};

ThreadManagers &threadManagers()
{
    static QThreadStorage<ThreadManagers *> storage; // deletes the thread's managers when it ends
    if (!storage.hasLocalData())
        storage.setLocalData(new ThreadManagers);
    return *storage.localData();
}

} // namespace

UpstreamClient::UpstreamClient(const Settings &settings, const Clock &clock)
    : m_settings(settings)
    , m_clock(clock)
    , m_health(std::make_unique<UpstreamHealth>())
{ }

UpstreamClient::~UpstreamClient() = default;

void UpstreamClient::addSource(UpstreamSource defaults)
{
    // Each source declares its three settings with its official defaults, and is read through them.
    const QString prefix = u"upstream/"_s + defaults.id + u'/';
    const TextSetting baseUrl = urlSetting(
        prefix + u"base_url"_s, defaults.baseUrl.toString(), u"base URL of %1"_s.arg(defaults.name));
    const IntSetting timeoutMs = intSetting(prefix + u"timeout_ms"_s, defaults.timeoutMs, 100, 600000,
        u"transfer timeout of %1"_s.arg(defaults.name));
    const TextSetting apiKey
        = secretSetting(prefix + u"api_key"_s, u"key for %1, where it needs one"_s.arg(defaults.name));
    m_specs += { baseUrl.spec, timeoutMs.spec, apiKey.spec };
    defaults.baseUrl = QUrl(m_settings.get(baseUrl));
    defaults.timeoutMs = m_settings.get(timeoutMs);
    if (const QString key = m_settings.get(apiKey); !key.isEmpty())
        defaults.apiKey = key;
    m_sources.append(defaults);
}

const UpstreamSource *UpstreamClient::source(const QString &id) const
{
    for (const UpstreamSource &s : m_sources) {
        if (s.id == id)
            return &s;
    }
    return nullptr;
}

QList<UpstreamHealth::Entry> UpstreamClient::health() const
{
    QList<UpstreamHealth::Entry> entries;
    for (const UpstreamSource &source : m_sources)
        entries.append(m_health->entry(source.id));
    return entries;
}

QList<UpstreamSource> UpstreamClient::sources() const
{
    return m_sources;
}

void UpstreamClient::fetch(const UpstreamRequest &request, Callback done) const
{
    const UpstreamSource *src = source(request.source);
    const bool hasBase = src && src->baseUrl.isValid() && !src->baseUrl.isEmpty();
    if (!src || (request.url.isEmpty() && !hasBase) || (!request.url.isEmpty() && !request.url.isValid())) {
        m_health->recordFailure(
            request.source, m_clock.now(), u"Upstream source '%1' is not configured."_s.arg(request.source));
        done(ServiceError::sourceUnavailable(
            request.source, u"Upstream source '%1' is not configured."_s.arg(request.source)));
        return;
    }
    QString base = src->baseUrl.toString();
    while (base.endsWith(u'/'))
        base.chop(1);
    const QUrl url = request.url.isEmpty() ? QUrl(base + request.path) : request.url;
    QNetworkRequest netRequest(url);
    netRequest.setTransferTimeout(src->timeoutMs);
    netRequest.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("ades/0.1"));
    for (const auto &[name, value] : std::as_const(request.headers))
        netRequest.setRawHeader(name, value);

    ThreadManagers &managers = threadManagers();
    int managerIndex = 0;
    QNetworkReply *reply = managers.acquire(src->maxConnections, &managerIndex)
                               ->sendCustomRequest(netRequest, request.method, request.body);
    const QString sourceId = src->id;
    const QString sourceName = src->name;
    const QDateTime startedAt = m_clock.now();
    const qint64 maxBytes = request.maxResponseBytes;
    QObject::connect(
        reply, &QNetworkReply::downloadProgress, reply, [reply, maxBytes](qint64 received, qint64) {
            if (received > maxBytes)
                reply->abort();
        });
    QObject::connect(reply, &QNetworkReply::finished, reply,
        [reply, done, sourceId, sourceName, url, startedAt, maxBytes, &managers, managerIndex, this]() {
            reply->deleteLater();
            managers.done(managerIndex);
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status == 0 || (reply->error() != QNetworkReply::NoError && status == 0)) {
                const QString reason
                    = u"%1 could not be reached (%2)."_s.arg(sourceName, reply->errorString());
                m_health->recordFailure(sourceId, m_clock.now(), reason);
                done(ServiceError::sourceUnavailable(sourceId, reason));
                return;
            }
            const QByteArray body = reply->readAll();
            if (body.size() > maxBytes) {
                const QString reason = u"%1 sent an oversized answer."_s.arg(sourceName);
                m_health->recordFailure(sourceId, m_clock.now(), reason, status);
                done(ServiceError::sourceUnavailable(sourceId, reason));
                return;
            }
            if (status >= 500)
                m_health->recordFailure(
                    sourceId, m_clock.now(), u"%1 answered HTTP %2."_s.arg(sourceName).arg(status), status);
            else
                m_health->recordSuccess(sourceId, m_clock.now(), status);
            UpstreamResponse response;
            response.httpStatus = status;
            response.body = body;
            response.fetch = FetchSnapshot { sourceId, sourceName,
                url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery), startedAt, status, body.size(),
                QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex()) };
            response.snapshot = response.fetch.toJson();
            done(std::move(response));
        });
}

} // namespace ades
