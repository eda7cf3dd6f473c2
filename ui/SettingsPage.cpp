#include "SettingsPage.h"

#include "ConsolePreferences.h"
#include "IssuerKeyBox.h"
#include "PaymentNetworks.h"
#include "SettingField.h"
#include "SettingLabels.h"
#include "UpstreamSettingsBox.h"
#include "core/Settings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QScrollArea>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

const QString NetworksKey = u"x402/networks"_s;
const QString PayToSolanaKey = u"x402/payto_solana"_s;

} // namespace

SettingsPage::SettingsPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_save(new QPushButton(tr("Save"), this))
    , m_restart(new QPushButton(tr("Restart ADES"), this))
    , m_status(new QLabel(this))
    , m_restartNote(new QLabel(this))
{
    setObjectName(u"settingsPage"_s);
    const Settings &settings = m_host.context().settings();
    const SettingSpecs specs = m_host.context().settingSpecs();

    // The declared settings by group; upstream/<id>/ keys go to the sources' table, key families
    // ("x402/rpc/") have no single field.
    QMap<QPair<int, QString>, QList<SettingSpec>> groups;
    for (const SettingSpec &spec : specs) {
        if (spec.key.endsWith(u'/') || spec.key.startsWith(u"upstream/"_s))
            continue;
        const QString group = SettingLabels::groupOf(spec.key);
        groups[{ SettingLabels::groupRank(group), group }].append(spec);
    }

    auto *content = new QWidget(this);
    content->setObjectName(u"settingsContent"_s);
    auto *contentLayout = new QVBoxLayout(content);
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        QWidget *box = buildGroup(it.key().second, it.value());
        contentLayout->addWidget(box);
        m_groups.append(box);
        // The sources come right after payments (the facilitator is among them), the key beside the issuer.
        if (it.key().second == u"x402"_s)
            addUpstreams(contentLayout, specs);
        if (it.key().second == u"issuer"_s)
            addIssuerKey(contentLayout);
    }
    if (!m_upstreams)
        addUpstreams(contentLayout, specs);
    if (!m_issuerKey)
        addIssuerKey(contentLayout);
    QWidget *folder = buildDataFolder();
    contentLayout->addWidget(folder);
    m_groups.append(folder);
    contentLayout->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(u"settingsScroll"_s);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);

    auto *find = new QLineEdit(this);
    find->setObjectName(u"settingsFilter"_s);
    find->setPlaceholderText(tr("Find a setting"));
    find->setAccessibleName(tr("Find a setting"));
    find->setClearButtonEnabled(true);
    connect(find, &QLineEdit::textChanged, this, &SettingsPage::filter);
    auto *where = new QLabel(
        tr("Saved to %1 in the data folder %2.").arg(Settings::iniFileName(), settings.dataDir()), this);
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *top = new QHBoxLayout;
    top->addWidget(where, 1);
    top->addWidget(find);

    m_save->setObjectName(u"saveSettingsButton"_s);
    m_save->setAccessibleName(tr("Save the settings"));
    m_save->setDefault(true);
    connect(m_save, &QPushButton::clicked, this, &SettingsPage::save);
    m_restart->setObjectName(u"restartServiceButton"_s);
    m_restart->setAccessibleName(tr("Restart ADES"));
    m_restart->setToolTip(tr("Quit ADES and start it again, so that the saved settings apply"));
    connect(m_restart, &QPushButton::clicked, this, &SettingsPage::restartRequested);
    m_status->setObjectName(u"settingsStatus"_s);
    m_status->setWordWrap(true);
    m_restartNote->setObjectName(u"restartNote"_s);
    m_restartNote->setWordWrap(true);

    auto *messages = new QVBoxLayout;
    messages->addWidget(m_status);
    messages->addWidget(m_restartNote);
    auto *buttons = new QHBoxLayout;
    buttons->addLayout(messages, 1);
    buttons->addWidget(m_restart);
    buttons->addWidget(m_save);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);

    m_savedNetworks = networksValue();
    validate();
}

QWidget *SettingsPage::buildGroup(const QString &group, const QList<SettingSpec> &specs)
{
    const Settings &settings = m_host.context().settings();
    auto *box = new QGroupBox(SettingLabels::groupTitle(group), this);
    box->setObjectName(u"settingsGroup:"_s + group);
    auto *form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const SettingSpec &spec : specs) {
        const QString label = SettingLabels::label(spec.key);
        if (spec.key == NetworksKey) {
            form->addRow(label, buildNetworks(box));
            continue;
        }
        auto *field = new SettingField(spec, label, settings.value(spec.key), box);
        addField(field);
        auto *name = new QLabel(label, box);
        name->setToolTip(spec.summary);
        name->setBuddy(field->lineEdit() ? static_cast<QWidget *>(field->lineEdit())
                                         : static_cast<QWidget *>(field->choice()));
        form->addRow(name, field);
    }
    return box;
}

QWidget *SettingsPage::buildNetworks(QWidget *parent)
{
    const Settings &settings = m_host.context().settings();
    auto *widget = new QWidget(parent);
    auto *grid = new QGridLayout(widget);
    grid->setContentsMargins(0, 0, 0, 0);
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
            network.isTestnet ? tr("%1 (testnet)").arg(network.displayName) : network.displayName, widget);
        box->setObjectName(u"network_"_s + network.key);
        box->setAccessibleName(tr("Accept payments on %1").arg(network.displayName));
        box->setToolTip(network.caip2);
        box->setChecked(
            enabled.contains(network.key, Qt::CaseInsensitive) || enabled.contains(network.caip2));
        connect(box, &QCheckBox::toggled, this, &SettingsPage::validate);
        m_networks.insert(network.key, box);
        grid->addWidget(box, index / 3, index % 3);
        ++index;
    }
    for (const QString &name : enabled) {
        const bool known = std::any_of(PaymentNetworks::all().cbegin(), PaymentNetworks::all().cend(),
            [&name](const PaymentNetwork &n) { return n.key == name.toLower() || n.caip2 == name; });
        if (!known)
            m_otherNetworks.append(name);
    }
    return widget;
}

QWidget *SettingsPage::buildDataFolder()
{
    const QString current = m_host.context().settings().dataDir();
    auto *box = new QGroupBox(tr("Data folder"), this);
    box->setObjectName(u"settingsGroup:dataFolder"_s);
    auto *path = new QLabel(current, box);
    path->setObjectName(u"dataFolderPath"_s);
    path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    path->setWordWrap(true);
    auto *open = new QPushButton(tr("Open"), box);
    open->setObjectName(u"openDataFolderButton"_s);
    open->setAccessibleName(tr("Open the data folder"));
    connect(open, &QPushButton::clicked, this,
        [current] { QDesktopServices::openUrl(QUrl::fromLocalFile(current)); });
    auto *change = new QPushButton(tr("Change…"), box);
    change->setObjectName(u"changeDataFolderButton"_s);
    change->setAccessibleName(tr("Choose another data folder"));
    auto *note = new QLabel(box);
    note->setWordWrap(true);
    connect(change, &QPushButton::clicked, this, [this, note, current] {
        const QString chosen = QFileDialog::getExistingDirectory(this, tr("Data folder"), current);
        if (chosen.isEmpty() || chosen == current)
            return;
        ConsolePreferences::setDataDir(chosen);
        note->setText(tr("The console opens %1 after a restart (--data-dir still wins).").arg(chosen));
    });
    auto *layout = new QHBoxLayout(box);
    layout->addWidget(path, 1);
    layout->addWidget(open);
    layout->addWidget(change);
    auto *outer = new QWidget(this);
    auto *outerLayout = new QVBoxLayout(outer);
    outerLayout->setContentsMargins(0, 0, 0, 0);
    outerLayout->addWidget(box);
    outerLayout->addWidget(note);
    outer->setObjectName(u"dataFolderSection"_s);
    return outer;
}

void SettingsPage::addUpstreams(QVBoxLayout *layout, const QList<SettingSpec> &specs)
{
    m_upstreams = new UpstreamSettingsBox(m_host, specs, layout->parentWidget());
    for (SettingField *field : m_upstreams->fields())
        addField(field);
    layout->addWidget(m_upstreams);
    m_groups.append(m_upstreams);
}

void SettingsPage::addIssuerKey(QVBoxLayout *layout)
{
    m_issuerKey = new IssuerKeyBox(m_host, layout->parentWidget());
    connect(m_issuerKey, &IssuerKeyBox::restartNeeded, this,
        [this] { m_restartNote->setText(tr("The new issuer key signs after a restart.")); });
    layout->addWidget(m_issuerKey);
    m_groups.append(m_issuerKey);
}

void SettingsPage::addField(SettingField *field)
{
    m_fields.insert(field->key(), field);
    connect(field, &SettingField::edited, this, &SettingsPage::validate);
}

QLineEdit *SettingsPage::field(const QString &key) const
{
    const SettingField *f = m_fields.value(key);
    return f ? f->lineEdit() : nullptr;
}

QString SettingsPage::problem(const QString &key) const
{
    const SettingField *f = m_fields.value(key);
    return f ? f->problem() : QString();
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

void SettingsPage::filter(const QString &text)
{
    const QString needle = text.trimmed();
    for (QWidget *group : std::as_const(m_groups)) {
        bool match = needle.isEmpty();
        const QList<QWidget *> children = group->findChildren<QWidget *>();
        for (const QWidget *child : children) {
            if (match)
                break;
            if (const auto *label = qobject_cast<const QLabel *>(child))
                match = label->text().contains(needle, Qt::CaseInsensitive);
            if (const auto *box = qobject_cast<const QGroupBox *>(child))
                match = match || box->title().contains(needle, Qt::CaseInsensitive);
            match = match || child->objectName().contains(needle, Qt::CaseInsensitive);
        }
        if (const auto *box = qobject_cast<const QGroupBox *>(group))
            match = match || box->title().contains(needle, Qt::CaseInsensitive);
        group->setVisible(match);
    }
}

void SettingsPage::validate()
{
    // The first problem in the order of the page, so the message points at the topmost red field.
    QString firstProblem;
    for (const QWidget *group : std::as_const(m_groups)) {
        const QList<SettingField *> fields = group->findChildren<SettingField *>();
        for (const SettingField *field : fields) {
            if (firstProblem.isEmpty())
                firstProblem = field->problem();
        }
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
    QStringList changed;
    for (SettingField *field : std::as_const(m_fields)) {
        if (!field->isChanged())
            continue;
        if (settings.writeToIni(field->key(), field->value())) {
            changed.append(field->label());
            field->markSaved();
        } else {
            ok = false;
        }
    }
    const QString networks = networksValue();
    if (networks != m_savedNetworks) {
        if (settings.writeToIni(NetworksKey, networks)) {
            changed.append(SettingLabels::label(NetworksKey));
            m_savedNetworks = networks;
        } else {
            ok = false;
        }
    }
    changed.sort(Qt::CaseInsensitive);
    if (!ok) {
        m_status->setText(tr("Could not write %1 in %2").arg(Settings::iniFileName(), settings.dataDir()));
    } else if (changed.isEmpty()) {
        m_status->setText(tr("Nothing changed"));
        m_restartNote->clear();
    } else {
        m_status->setText(tr("Saved — restart ADES to apply"));
        // Every setting is read once when the service starts, so every change waits for the restart.
        m_restartNote->setText(tr("Needs a restart: %1").arg(changed.join(u", "_s)));
    }
    return ok;
}

} // namespace ades::ui

#include "moc_SettingsPage.cpp"
