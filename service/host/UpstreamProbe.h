#pragma once

#include "host/NotInAreas.h"

#include <QList>
#include <QObject>
#include <QString>

class QThread;

namespace ades {

class ServiceContext;

// One configurable upstream as the console's settings page shows it: its declared settings and defaults.
struct UpstreamEndpoint
{
    QString id; // "vies"
    QString name; // "EU VIES (European Commission)"
    QString defaultBaseUrl;
    int defaultTimeoutMs = 0;
    QString baseUrlKey; // "upstream/vies/base_url"
    QString timeoutKey;
    QString apiKeyKey;
};

// "Test connection" for the settings page: asks an upstream's base URL once, with the values being edited
// (not yet saved), through an UpstreamClient of its own on a thread of its own, so that neither the GUI
// thread nor the service's I/O threads wait for it. Any HTTP answer means the address and the timeout work;
// no answer within the timeout, a refused connection or a TLS failure means they do not. The API key is not
// sent: each source names its key differently and the probe asks nothing of it.
class UpstreamProbe : public QObject
{
    Q_OBJECT

public:
    explicit UpstreamProbe(ServiceContext &context, QObject *parent = nullptr);
    ~UpstreamProbe() override;

    // Every upstream source the service registered (the areas', the facilitator, RPCs), in that order.
    QList<UpstreamEndpoint> endpoints() const;
    // Reaches `baseUrl` (empty: the source's default) with `timeoutMs` (0: the default); the outcome arrives
    // as probed() on this object's thread. False when no source has that id.
    bool probe(const QString &id, const QString &baseUrl, int timeoutMs);

Q_SIGNALS:
    // reached: an HTTP answer came (httpStatus, after elapsedMs); otherwise `error` says why not (English,
    // from the network layer).
    void probed(const QString &id, bool reached, int httpStatus, qint64 elapsedMs, const QString &error);

private:
    QString declaredDefault(const QString &settingKey) const;

    ServiceContext &m_context;
    QThread *m_thread = nullptr;
    QObject *m_worker = nullptr; // lives on m_thread
};

} // namespace ades
