#include "UpstreamSettingsBox.h"

#include "SettingField.h"
#include "core/Settings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

const SettingSpec *findSpec(const QList<SettingSpec> &specs, const QString &key)
{
    const auto it = std::find_if(
        specs.cbegin(), specs.cend(), [&key](const SettingSpec &spec) { return spec.key == key; });
    return it == specs.cend() ? nullptr : &*it;
}

} // namespace

UpstreamSettingsBox::UpstreamSettingsBox(ServiceHost &host, const QList<SettingSpec> &specs, QWidget *parent)
    : QGroupBox(tr("Upstream sources"), parent)
    , m_host(host)
{
    setObjectName(u"upstreamSettings"_s);
    const Settings &settings = host.context().settings();
    auto *grid = new QGridLayout(this);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(2, 1);
    grid->setColumnStretch(3, 1);
    int row = 0;
    const QStringList headers { tr("Source"), tr("Base URL"), tr("Timeout (ms)"), tr("API key"), QString() };
    for (int column = 0; column < headers.size(); ++column) {
        auto *header = new QLabel(headers.at(column), this);
        QFont bold = header->font();
        bold.setBold(true);
        header->setFont(bold);
        grid->addWidget(header, row, column);
    }
    ++row;

    const QList<UpstreamEndpoint> endpoints = host.upstreamProbe().endpoints();
    for (const UpstreamEndpoint &endpoint : endpoints) {
        const SettingSpec *baseSpec = findSpec(specs, endpoint.baseUrlKey);
        const SettingSpec *timeoutSpec = findSpec(specs, endpoint.timeoutKey);
        const SettingSpec *keySpec = findSpec(specs, endpoint.apiKeyKey);
        if (!baseSpec || !timeoutSpec || !keySpec)
            continue;
        auto *name = new QLabel(endpoint.name, this);
        name->setWordWrap(true);
        name->setToolTip(endpoint.id);
        grid->addWidget(name, row, 0, Qt::AlignVCenter);
        auto *base = new SettingField(
            *baseSpec, tr("Base URL of %1").arg(endpoint.name), settings.value(endpoint.baseUrlKey), this);
        auto *timeout = new SettingField(*timeoutSpec, tr("Timeout of %1 in milliseconds").arg(endpoint.name),
            settings.value(endpoint.timeoutKey), this);
        auto *key = new SettingField(
            *keySpec, tr("API key of %1").arg(endpoint.name), settings.value(endpoint.apiKeyKey), this);
        grid->addWidget(base, row, 1, Qt::AlignVCenter);
        grid->addWidget(timeout, row, 2, Qt::AlignVCenter);
        grid->addWidget(key, row, 3, Qt::AlignVCenter);
        m_fields << base << timeout << key;
        m_baseUrls.insert(endpoint.id, base);
        m_timeouts.insert(endpoint.id, timeout);

        auto *test = new QPushButton(tr("Test connection"), this);
        test->setObjectName(u"testConnection:"_s + endpoint.id);
        test->setAccessibleName(tr("Test the connection to %1").arg(endpoint.name));
        test->setToolTip(
            tr("Asks the base URL once with this timeout; any HTTP answer means it is reachable. "
               "Nothing is saved."));
        connect(test, &QPushButton::clicked, this, [this, id = endpoint.id] { testConnection(id); });
        grid->addWidget(test, row, 4, Qt::AlignVCenter);
        m_testButtons.insert(endpoint.id, test);
        ++row;
        auto *result = new QLabel(this);
        result->setObjectName(u"testResult:"_s + endpoint.id);
        result->setWordWrap(true);
        result->setVisible(false);
        grid->addWidget(result, row, 1, 1, 4);
        m_results.insert(endpoint.id, result);
        ++row;
    }
    connect(&host.upstreamProbe(), &UpstreamProbe::probed, this, &UpstreamSettingsBox::showResult);
}

bool UpstreamSettingsBox::testConnection(const QString &sourceId)
{
    SettingField *base = m_baseUrls.value(sourceId);
    SettingField *timeout = m_timeouts.value(sourceId);
    QLabel *result = m_results.value(sourceId);
    if (!base || !timeout || !result)
        return false;
    result->setVisible(true);
    result->setStyleSheet(QString());
    if (!base->problem().isEmpty() || !timeout->problem().isEmpty()) {
        result->setText(tr("Correct the fields first."));
        return false;
    }
    if (!m_host.upstreamProbe().probe(sourceId, base->value(), timeout->value().toInt()))
        return false;
    result->setText(tr("Testing…"));
    m_testButtons.value(sourceId)->setEnabled(false);
    return true;
}

void UpstreamSettingsBox::showResult(
    const QString &id, bool reached, int httpStatus, qint64 elapsedMs, const QString &error)
{
    QLabel *result = m_results.value(id);
    if (!result)
        return;
    m_testButtons.value(id)->setEnabled(true);
    result->setVisible(true);
    if (reached) {
        result->setText(tr("Reachable: HTTP %1 after %2 ms").arg(httpStatus).arg(elapsedMs));
        result->setStyleSheet(u"QLabel { color: #2e7d32; }"_s);
    } else {
        result->setText(tr("Not reachable after %1 ms: %2").arg(elapsedMs).arg(error));
        result->setStyleSheet(u"QLabel { color: #c62828; }"_s);
    }
}

} // namespace ades::ui

#include "moc_UpstreamSettingsBox.cpp"
