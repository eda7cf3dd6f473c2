#include "SettingsPage.h"

#include "PaymentNetworks.h"
#include "core/Settings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

const QString PayToEvmKey = u"x402/payto_evm"_s;
const QString PayToSolanaKey = u"x402/payto_solana"_s;
const QString NetworksKey = u"x402/networks"_s;
const QString FacilitatorUrlKey = u"upstream/facilitator/base_url"_s;
const QString ViesUrlKey = u"upstream/vies/base_url"_s;
const QString RequesterVatIdKey = u"vies/requester_vat_id"_s;

} // namespace

SettingsPage::SettingsPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_save(new QPushButton(tr("Save"), this))
    , m_restart(new QPushButton(tr("Restart ADES"), this))
    , m_status(new QLabel(this))
{
    setObjectName(u"settingsPage"_s);
    const Settings &settings = m_host.context().settings();
    m_specs = m_host.context().settingSpecs();

    auto *payments = new QGroupBox(tr("x402 payments"), this);
    auto *paymentsForm = new QFormLayout(payments);
    paymentsForm->addRow(
        tr("EVM receiving address"), addField(PayToEvmKey, tr("0x followed by 40 hex digits")));
    paymentsForm->addRow(
        tr("Solana receiving address"), addField(PayToSolanaKey, tr("base58, 32 to 44 characters")));
    auto *networkGrid = new QGridLayout;
    const QStringList enabled = [&settings] {
        QString value = settings.value(NetworksKey).trimmed();
        // The same default as the service (docs/configuration.md, x402/networks).
        if (value.isEmpty())
            value = settings.value(PayToSolanaKey).trimmed().isEmpty() ? u"base,arbitrum,polygon"_s
                                                                       : u"base,arbitrum,polygon,solana"_s;
        QStringList names;
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts))
            names.append(name.trimmed());
        return names;
    }();
    int index = 0;
    for (const PaymentNetwork &network : PaymentNetworks::all()) {
        auto *box = new QCheckBox(
            network.isTestnet ? tr("%1 (testnet)").arg(network.displayName) : network.displayName, payments);
        box->setObjectName(u"network_"_s + network.key);
        box->setToolTip(network.caip2);
        box->setChecked(
            enabled.contains(network.key, Qt::CaseInsensitive) || enabled.contains(network.caip2));
        connect(box, &QCheckBox::toggled, this, &SettingsPage::validate);
        m_networks.insert(network.key, box);
        networkGrid->addWidget(box, index / 3, index % 3);
        ++index;
    }
    for (const QString &name : enabled) {
        const bool known = std::any_of(PaymentNetworks::all().cbegin(), PaymentNetworks::all().cend(),
            [&name](const PaymentNetwork &n) { return n.key == name.toLower() || n.caip2 == name; });
        if (!known)
            m_otherNetworks.append(name);
    }
    paymentsForm->addRow(tr("Networks"), networkGrid);
    paymentsForm->addRow(
        tr("Facilitator URL"), addField(FacilitatorUrlKey, u"https://x402.org/facilitator"_s));

    auto *vies = new QGroupBox(tr("VIES"), this);
    auto *viesForm = new QFormLayout(vies);
    viesForm->addRow(tr("VIES URL"), addField(ViesUrlKey, tr("empty: VIES unreachable")));
    viesForm->addRow(tr("Your VAT ID"), addField(RequesterVatIdKey, tr("e.g. DE123456789")));

    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value()->setText(settings.value(it.key()));

    m_save->setObjectName(u"saveSettingsButton"_s);
    m_save->setDefault(true);
    connect(m_save, &QPushButton::clicked, this, &SettingsPage::save);
    m_restart->setObjectName(u"restartServiceButton"_s);
    m_restart->setToolTip(tr("Quit ADES and start it again, so that the saved settings apply"));
    connect(m_restart, &QPushButton::clicked, this, &SettingsPage::restartRequested);
    m_status->setObjectName(u"settingsStatus"_s);
    m_status->setWordWrap(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_restart);
    buttons->addWidget(m_save);

    auto *layout = new QVBoxLayout(this);
    auto *where = new QLabel(
        tr("Saved to %1 in the data folder %2.").arg(Settings::iniFileName(), settings.dataDir()), this);
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(where);
    layout->addWidget(payments);
    layout->addWidget(vies);
    layout->addLayout(buttons);
    layout->addStretch(1);

    validate();
}

QLineEdit *SettingsPage::addField(const QString &key, const QString &placeholder)
{
    auto *edit = new QLineEdit(this);
    edit->setObjectName(key);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    connect(edit, &QLineEdit::textChanged, this, &SettingsPage::validate);
    m_fields.insert(key, edit);
    return edit;
}

QString SettingsPage::problem(const QString &key) const
{
    const QLineEdit *edit = field(key);
    if (!edit)
        return {};
    const QString text = edit->text().trimmed();
    if (text.isEmpty())
        return {}; // every one of these settings may be left empty (docs/configuration.md)
    // The rule is the setting's declaration, the same one the service checks at start; the words are the
    // page's own, so that they can be translated.
    const auto spec = std::find_if(m_specs.cbegin(), m_specs.cend(),
        [&key](const SettingSpec &candidate) { return candidate.key == key; });
    if (spec == m_specs.cend())
        return {};
    const QString why = spec->problem(text);
    if (why.isEmpty())
        return {};
    if (key == PayToEvmKey)
        return tr("Not an EVM address: 0x followed by 40 hex digits");
    if (key == PayToSolanaKey)
        return tr("Not a Solana address: 32 to 44 base58 characters");
    if (spec->kind == SettingSpec::Kind::Url)
        return tr("Not an http:// or https:// URL");
    if (key == RequesterVatIdKey)
        return tr("Not a valid VAT ID: check the country prefix and the digits");
    return tr("Not accepted: %1").arg(why);
}

QString SettingsPage::networksValue() const
{
    QStringList names;
    for (const PaymentNetwork &network : PaymentNetworks::all()) {
        if (m_networks.value(network.key)->isChecked())
            names.append(network.key);
    }
    names.append(m_otherNetworks);
    return names.join(u',');
}

void SettingsPage::validate()
{
    QString firstProblem;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const QString why = problem(it.key());
        // A red frame marks the field; the reason is in its tooltip and below the form.
        it.value()->setStyleSheet(why.isEmpty() ? QString() : u"QLineEdit { border: 2px solid #c62828; }"_s);
        it.value()->setToolTip(why);
        if (firstProblem.isEmpty() && !why.isEmpty())
            firstProblem = why;
    }
    m_save->setEnabled(firstProblem.isEmpty());
    m_status->setText(firstProblem);
}

bool SettingsPage::save()
{
    validate();
    if (!m_save->isEnabled())
        return false;
    const Settings &settings = m_host.context().settings();
    bool ok = true;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        ok = settings.writeToIni(it.key(), it.value()->text().trimmed()) && ok;
    ok = settings.writeToIni(NetworksKey, networksValue()) && ok;
    m_status->setText(ok ? tr("Saved — restart ADES to apply")
                         : tr("Could not write %1 in %2").arg(Settings::iniFileName(), settings.dataDir()));
    return ok;
}

} // namespace ades::ui

#include "moc_SettingsPage.cpp"
