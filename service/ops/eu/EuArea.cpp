#include "EuArea.h"

#include "EuSettings.h"
#include "RegisterEu.h"
#include "area/AreaContext.h"
#include "company/CompanyLookup.h"
#include "core/Settings.h"
#include "einvoice/EinvoiceCommand.h"
#include "lei/GleifClient.h"
#include "sanctions/SanctionsCommand.h"
#include "sanctions/SanctionsLists.h"
#include "sanctions/SanctionsRefresh.h"
#include "store/Store.h"
#include "vat/ViesArchive.h"
#include "vat/ViesClient.h"
#include "vat/ViesGate.h"
#include "vat/ViesSoap.h"

#include <QDir>
#include <QJsonObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::eu {

EuArea::EuArea() = default;
EuArea::~EuArea() = default;

QString EuArea::name() const
{
    return u"eu"_s;
}

SettingSpecs EuArea::settings() const
{
    return EuSettings::all();
}

QList<UpstreamSource> EuArea::sources() const
{
    QList<UpstreamSource> sources { ViesClient::sourceDefaults(), ViesSoap::sourceDefaults(),
        GleifClient::sourceDefaults() };
    sources += SanctionsRefresh::sourceDefaults();
    sources += CompanyLookup::sourceDefaults();
    return sources;
}

void EuArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_context.emplace(context);
    // The last good lists kept in the data folder serve without the network; indexed on first use.
    m_sanctions = std::make_unique<SanctionsLists>(context.settings.dataDir());
    m_viesGate
        = std::make_unique<ViesGate>(ViesGate::Limits { context.settings.get(EuSettings::ViesMaxConcurrent),
            context.settings.get(EuSettings::ViesMaxConcurrentPerState) });
    m_viesArchive = std::make_unique<ViesArchive>(&context.store.viesObservations(), context.clock,
        context.settings.get(EuSettings::ViesArchiveAnswers));
    registerEu(catalog, context, *m_sanctions, *m_viesGate, *m_viesArchive);
}

void EuArea::warmUp()
{
    // Index the kept sanctions lists now, so the first screening does not wait for it.
    m_sanctions->index();
}

void EuArea::startRecurring(QObject *owner)
{
    // The official lists are fetched every sanctions/refresh_hours, the first time ten minutes after start;
    // a failed or insane download keeps the list (SanctionsLists::acceptDownload).
    const int refreshHours = m_context->settings.get(EuSettings::SanctionsRefreshHours);
    if (refreshHours <= 0)
        return;
    auto *timer = new QTimer(owner);
    const AreaContext context = *m_context;
    SanctionsLists *lists = m_sanctions.get();
    const auto refresh
        = [context, lists]() { SanctionsRefresh(context.upstream, *lists, context.clock).run({}); };
    QObject::connect(timer, &QTimer::timeout, owner, refresh);
    QTimer::singleShot(10 * 60 * 1000, owner, [timer, refresh, refreshHours]() {
        refresh();
        timer->start(refreshHours * 3600 * 1000);
    });
}

QJsonObject EuArea::health() const
{
    QJsonObject lists;
    const std::shared_ptr<const SanctionsIndex> index = m_sanctions->loadedIndex();
    for (SanctionsEntry::List list :
        { SanctionsEntry::List::Eu, SanctionsEntry::List::Un, SanctionsEntry::List::Uk }) {
        const bool loaded = index && index->loadedLists().contains(list);
        lists.insert(SanctionsEntry::listCode(list),
            QJsonObject { { u"loaded"_s, loaded },
                { u"generation_date"_s, loaded ? QJsonValue(index->generationDate(list)) : QJsonValue() } });
    }
    const ViesGate::Limits limits = m_viesGate->limits();
    return QJsonObject {
        { u"sanctions_lists"_s, lists },
        { u"sanctions_refresh"_s, m_sanctions->refreshReport() },
        { u"vies"_s,
            QJsonObject { { u"in_flight"_s, m_viesGate->inFlight() }, { u"waiting"_s, m_viesGate->waiting() },
                { u"max_concurrent"_s, limits.overall }, { u"max_concurrent_per_state"_s, limits.perState },
                { u"archive_enabled"_s, m_viesArchive->isEnabled() } } },
    };
}

QList<AreaCommand> EuArea::commands() const
{
    // Commands are listed before registerOperations() runs; the lists exist by the time a Service command
    // runs.
    const EuArea *area = this;
    return {
        AreaCommand { u"sanctions"_s, SanctionsCommand::usage(), AreaCommand::Needs::Service,
            [area](const QStringList &arguments, const AreaServices *services) {
                return SanctionsCommand::run(arguments, *services, *area->m_sanctions);
            } },
        AreaCommand { u"einvoice"_s, EinvoiceCommand::usage(), AreaCommand::Needs::Nothing,
            [](const QStringList &arguments, const AreaServices *) {
                return EinvoiceCommand::run(arguments);
            } },
    };
}

QList<AreaAction> EuArea::actions() const
{
    SanctionsLists *lists = m_sanctions.get();
    return { AreaAction { u"sanctions.import"_s, [lists](const QStringList &files, QString &message) {
                             const Result<int> imported = lists->import(files);
                             message = imported.ok() ? QString::number(imported.value())
                                                     : imported.error().message();
                             return imported.ok();
                         } } };
}

} // namespace ades::eu
