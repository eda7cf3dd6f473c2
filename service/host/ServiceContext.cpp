#include "ServiceContext.h"

#include "core/Clock.h"
#include "crypto/IssuerKeyFile.h"
#include "ops/OpsContext.h"
#include "ops/RegisterOperations.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "payments/DomainSeparatorCheck.h"
#include "payments/FacilitatorClient.h"
#include "payments/NetworkGate.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"
#include "store/Store.h"
#include "upstream/UpstreamClient.h"

#include <QDir>
#include <QFile>
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

    const QString keyPath = settings.value(u"issuer/key_file"_s, QDir(dataDir).filePath(u"issuer.key"_s));
    Result<PrivateKey> key = loadOrCreateIssuerKey(keyPath);
    if (!key.ok())
        return key.error();

    Result<std::unique_ptr<Store>> store = Store::open(QDir(dataDir).filePath(u"ades.sqlite"_s));
    if (!store.ok())
        return store.error();
    context->m_store = std::move(store.value());

    context->m_upstream = std::make_unique<UpstreamClient>(context->m_settings, *context->m_clock);
    registerUpstreamSources(*context->m_upstream);
    context->m_upstream->addSource(x402::FacilitatorClient::sourceDefaults());
    const QList<UpstreamSource> rpcs = x402::DomainSeparatorCheck::rpcSources(settings);
    for (const UpstreamSource &rpc : rpcs)
        context->m_upstream->addSource(rpc);
    context->m_networkGate = std::make_unique<x402::NetworkGate>();

    ReceiptIssuer issuer;
    issuer.service = settings.value(u"service/name"_s, u"ADES"_s);
    issuer.issuerName = settings.value(u"issuer/name"_s, issuer.service);
    issuer.verifyUrl = context->publicUrl() + u"/verify"_s;
    issuer.validityDays = settings.intValue(u"receipts/validity_days"_s, 365);
    context->m_signer = std::make_unique<ReceiptSigner>(key.value(), issuer, *context->m_clock);
    context->m_verifier
        = std::make_unique<ReceiptVerifier>(*context->m_clock, context->m_signer->issuerAddress());

    // The last good lists kept in the data folder serve without the network; indexed on first use.
    context->m_sanctions = std::make_unique<eu::SanctionsLists>(dataDir);

    const OpsContext ops { context->m_settings, *context->m_clock, *context->m_upstream, *context->m_verifier,
        *context->m_sanctions };
    registerOperations(context->m_catalog, ops);
    return context;
}

std::unique_ptr<ServiceContext> ServiceContext::createForTests(
    const QString &dataDir, const QHash<QString, QString> &values, std::unique_ptr<Clock> clock)
{
    // Tests never reach beyond loopback: no scheduled download of the official sanctions lists.
    QHash<QString, QString> testValues = values;
    if (!testValues.contains(u"sanctions/refresh_hours"_s))
        testValues.insert(u"sanctions/refresh_hours"_s, u"0"_s);
    Result<std::unique_ptr<ServiceContext>> context
        = create(Settings::fromValues(dataDir, testValues), std::move(clock));
    if (!context.ok())
        qFatal("test context: %s", qPrintable(context.error().message()));
    return std::move(context.value());
}

QString ServiceContext::issuerAddress() const
{
    return m_signer->issuerAddress();
}

QString ServiceContext::publicUrl() const
{
    QString url = m_settings.value(u"service/public_url"_s);
    if (url.isEmpty()) {
        const QString listen = m_settings.value(u"service/listen"_s, u"127.0.0.1:8402"_s);
        url = u"http://"_s + listen;
    }
    while (url.endsWith(u'/'))
        url.chop(1);
    return url;
}

QJsonObject ServiceContext::healthDetails() const
{
    QJsonObject lists;
    const std::shared_ptr<const eu::SanctionsIndex> index = m_sanctions->loadedIndex();
    for (eu::SanctionsEntry::List list :
        { eu::SanctionsEntry::List::Eu, eu::SanctionsEntry::List::Un, eu::SanctionsEntry::List::Uk }) {
        const bool loaded = index && index->loadedLists().contains(list);
        lists.insert(eu::SanctionsEntry::listCode(list),
            QJsonObject { { u"loaded"_s, loaded },
                { u"generation_date"_s, loaded ? QJsonValue(index->generationDate(list)) : QJsonValue() } });
    }
    return QJsonObject {
        { u"sanctions_lists"_s, lists },
        { u"sanctions_refresh"_s, m_sanctions->refreshReport() },
        { u"payment_networks"_s, QJsonArray::fromStringList(m_networkGate->report()) },
    };
}

} // namespace ades
