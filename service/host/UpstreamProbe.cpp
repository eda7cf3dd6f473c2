#include "UpstreamProbe.h"

#include "ServiceContext.h"
#include "upstream/UpstreamClient.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QString key(const QString &id, const QString &name)
{
    return u"upstream/%1/%2"_s.arg(id, name);
}

// The edited values and a client reading them, kept alive until the answer arrived.
struct ProbeRun
{
    Settings settings;
    std::unique_ptr<UpstreamClient> client;
};

} // namespace

UpstreamProbe::UpstreamProbe(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{ }

UpstreamProbe::~UpstreamProbe()
{
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
    }
}

QList<UpstreamEndpoint> UpstreamProbe::endpoints() const
{
    QList<UpstreamEndpoint> endpoints;
    const QList<UpstreamSource> sources = m_context.upstream().sources();
    for (const UpstreamSource &source : sources) {
        // The sources hold the configured values; the declarations keep the official defaults.
        endpoints.append({ source.id, source.name, declaredDefault(key(source.id, u"base_url"_s)),
            declaredDefault(key(source.id, u"timeout_ms"_s)).toInt(), key(source.id, u"base_url"_s),
            key(source.id, u"timeout_ms"_s), key(source.id, u"api_key"_s) });
    }
    return endpoints;
}

QString UpstreamProbe::declaredDefault(const QString &settingKey) const
{
    const QList<SettingSpec> &specs = m_context.upstream().settingSpecs();
    const auto spec = std::find_if(specs.cbegin(), specs.cend(),
        [&settingKey](const SettingSpec &candidate) { return candidate.key == settingKey; });
    return spec == specs.cend() ? QString() : spec->defaultValue;
}

bool UpstreamProbe::probe(const QString &id, const QString &baseUrl, int timeoutMs)
{
    const UpstreamSource *configured = m_context.upstream().source(id);
    if (!configured)
        return false;
    if (!m_thread) {
        m_thread = new QThread(this);
        m_thread->setObjectName(u"ades-upstream-probe"_s);
        m_worker = new QObject;
        m_worker->moveToThread(m_thread);
        connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
        m_thread->start();
    }
    // Empty fields mean the defaults, as they will once saved.
    UpstreamSource source = *configured;
    source.baseUrl = QUrl(declaredDefault(key(id, u"base_url"_s)));
    source.timeoutMs = declaredDefault(key(id, u"timeout_ms"_s)).toInt();
    QHash<QString, QString> values;
    if (!baseUrl.trimmed().isEmpty())
        values.insert(key(id, u"base_url"_s), baseUrl.trimmed());
    if (timeoutMs > 0)
        values.insert(key(id, u"timeout_ms"_s), QString::number(timeoutMs));
    const Clock &clock = m_context.clock();
    const QString dataDir = m_context.settings().dataDir();
    QMetaObject::invokeMethod(
        m_worker,
        [this, source, values, dataDir, &clock]() {
            auto run = std::make_shared<ProbeRun>();
            run->settings = Settings::fromValues(dataDir, values);
            run->client = std::make_unique<UpstreamClient>(run->settings, clock);
            run->client->addSource(source);
            auto timer = std::make_shared<QElapsedTimer>();
            timer->start();
            const QString id = source.id;
            run->client->fetch({ .source = id, .maxResponseBytes = 64 * 1024 },
                [this, run, timer, id](Result<UpstreamResponse> result) {
                    const qint64 elapsed = timer->elapsed();
                    const bool reached = result.ok();
                    const int status = reached ? result.value().httpStatus : 0;
                    const QString error = reached ? QString() : result.error().message();
                    QMetaObject::invokeMethod(
                        this, [=, this]() { Q_EMIT probed(id, reached, status, elapsed, error); },
                        Qt::QueuedConnection);
                });
        },
        Qt::QueuedConnection);
    return true;
}

} // namespace ades

#include "moc_UpstreamProbe.cpp"
