#include "ServiceContext.h"

#include "HostSettings.h"
#include "area/Area.h"
#include "area/AreaDocument.h"
#include "channels/free/FreeSettings.h"
#include "channels/key/KeySettings.h"
#include "channels/mcp/McpSettings.h"
#include "channels/metrics/MetricsSettings.h"
#include "core/Clock.h"
#include "crypto/IssuerKeyFile.h"
#include "http/HttpSettings.h"
#include "ops/AreaList.h"
#include "payments/DomainSeparatorCheck.h"
#include "payments/FacilitatorClient.h"
#include "payments/NetworkGate.h"
#include "payments/PaymentGate.h"
#include "payments/PaymentSettings.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"
#include "store/Store.h"
#include "store/StoreSettings.h"
#include "upstream/UpstreamClient.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

ServiceContext::ServiceContext(const Settings &settings)
    : m_settings(settings)
{ }

ServiceContext::~ServiceContext() = default;

Result<std::unique_ptr<ServiceContext>> ServiceContext::create(
    const Settings &settings, std::unique_ptr<Clock> clock)
{
    const QString dataDir = settings.dataDir();
    if (!QDir().mkpath(dataDir))
        return ServiceError::internal(u"Cannot create the data folder %1."_s.arg(dataDir));
    // The data folder holds the issuer key and the key hashes: owner-only.
    QFile::setPermissions(dataDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    std::unique_ptr<ServiceContext> context(new ServiceContext(settings));
    context->m_clock = clock ? std::move(clock) : std::make_unique<SystemClock>();
    context->m_areas = createAreas();

    // Every setting is declared by the part that reads it; a value its declaration refuses stops the start
    // here, naming the key, instead of being silently replaced by the default later.
    context->m_upstream = std::make_unique<UpstreamClient>(context->m_settings, *context->m_clock);
    for (const auto &area : context->m_areas) {
        const QList<UpstreamSource> sources = area->sources();
        for (const UpstreamSource &source : sources)
            context->m_upstream->addSource(source);
    }
    context->m_upstream->addSource(x402::FacilitatorClient::sourceDefaults());
    const QList<UpstreamSource> rpcs = x402::DomainSeparatorCheck::rpcSources(settings);
    for (const UpstreamSource &rpc : rpcs)
        context->m_upstream->addSource(rpc);
    const SettingSpecs specs = context->settingSpecs();
    const QStringList problems = settings.problems(specs);
    if (!problems.isEmpty())
        return ServiceError::internal(u"Invalid settings: %1."_s.arg(problems.join(u"; "_s)));
    const QStringList unknown = settings.unknownKeys(specs);
    for (const QString &key : unknown)
        qWarning("ades: ades.ini has a key no part of ADES reads: %s", qPrintable(key));

    QString keyPath = settings.get(HostSettings::IssuerKeyFile);
    if (keyPath.isEmpty())
        keyPath = QDir(dataDir).filePath(u"issuer.key"_s);
    Result<PrivateKey> key = loadOrCreateIssuerKey(keyPath);
    if (!key.ok())
        return key.error();

    const Result<StoreLocation> location = StoreSettings::location(settings, dataDir);
    if (!location.ok())
        return location.error();
    Result<std::unique_ptr<Store>> store
        = Store::open(location.value(), nullptr, StoreSettings::options(context->m_settings));
    if (!store.ok())
        return store.error();
    context->m_store = std::move(store.value());

    context->m_networkGate = std::make_unique<x402::NetworkGate>();
    context->m_paymentGate = std::make_unique<x402::PaymentGate>(context->m_settings, *context->m_networkGate,
        *context->m_upstream, *context->m_clock, context->m_store->payments());

    ReceiptIssuer issuer;
    issuer.service = settings.get(HostSettings::Name);
    issuer.issuerName = settings.get(HostSettings::IssuerName);
    if (issuer.issuerName.isEmpty())
        issuer.issuerName = issuer.service;
    issuer.verifyUrl = context->publicUrl() + u"/verify"_s;
    issuer.validityDays = settings.get(HostSettings::ReceiptValidityDays);
    context->m_signer = std::make_unique<ReceiptSigner>(key.value(), issuer, *context->m_clock);
    context->m_issuerKeyPath = keyPath;
    context->m_verifier = std::make_unique<ReceiptVerifier>(
        *context->m_clock, context->m_signer->issuerAddress(), retiredIssuerAddresses(keyPath));

    ServiceContext *self = context.get();
    context->m_areaContext.emplace(AreaContext { context->m_settings, *context->m_clock, *context->m_upstream,
        *context->m_verifier, *context->m_store, [self] { return self->documentInputs(); } });
    for (const auto &area : context->m_areas)
        area->registerOperations(context->m_catalog, *context->m_areaContext);
    return context;
}

std::unique_ptr<ServiceContext> ServiceContext::createForTests(
    const QString &dataDir, const QHash<QString, QString> &values, std::unique_ptr<Clock> clock)
{
    Result<std::unique_ptr<ServiceContext>> context
        = create(Settings::fromValues(dataDir, values), std::move(clock));
    if (!context.ok())
        qFatal("test context: %s", qPrintable(context.error().message()));
    // Tests never reach beyond loopback: no area starts recurring work (scheduled downloads).
    context.value()->m_recurringWork = false;
    return std::move(context.value());
}

QString ServiceContext::issuerAddress() const
{
    return m_signer->issuerAddress();
}

QString ServiceContext::publicUrl() const
{
    QString url = m_settings.get(HostSettings::PublicUrl);
    if (url.isEmpty()) {
        const QMutexLocker lock(&m_servedMutex);
        url = m_servedUrl;
    }
    if (url.isEmpty())
        url = u"http://"_s + m_settings.get(HostSettings::Listen);
    while (url.endsWith(u'/'))
        url.chop(1);
    return url;
}

AreaDocumentInputs ServiceContext::documentInputs() const
{
    AreaDocumentInputs inputs { catalog(), publicUrl(), {}, {} };
    inputs.mcpUrl = inputs.baseUrl + m_settings.get(mcp::McpSettings::Path);
    for (const x402::X402Offers::Offer &offer : paymentGate().offers().offers())
        inputs.paymentNetworks.append(offer.network);
    return inputs;
}

void ServiceContext::setServedAddress(const QHostAddress &address, quint16 port)
{
    // An IPv6 host goes in brackets (RFC 3986 §3.2.2); a wildcard address stays as it is, as service/listen
    // would have it: only service/public_url can name the host clients use then.
    QString host = address.toString();
    if (address.protocol() == QAbstractSocket::IPv6Protocol)
        host = u"["_s + host + u"]"_s;
    {
        const QMutexLocker lock(&m_servedMutex);
        m_servedUrl = u"http://%1:%2"_s.arg(host).arg(port);
    }
    m_signer->setVerifyUrl(publicUrl() + u"/verify"_s);
}

Area *ServiceContext::area(const QString &name) const
{
    for (const auto &area : m_areas) {
        if (area->name() == name)
            return area.get();
    }
    return nullptr;
}

SettingSpecs ServiceContext::settingSpecs() const
{
    SettingSpecs specs = HostSettings::all() + HttpSettings::all() + mcp::McpSettings::all()
        + MetricsSettings::all() + FreeSettings::all() + KeySettings::all() + PaymentSettings::all()
        + StoreSettings::all();
    specs += m_upstream->settingSpecs();
    for (const auto &area : m_areas)
        specs += area->settings();
    return specs;
}

QJsonObject ServiceContext::healthDetails() const
{
    QJsonObject details { { u"payment_networks"_s, QJsonArray::fromStringList(m_networkGate->report()) } };
    for (const auto &area : m_areas) {
        const QJsonObject members = area->health();
        for (auto it = members.begin(); it != members.end(); ++it)
            details.insert(it.key(), it.value());
    }
    return details;
}

} // namespace ades
