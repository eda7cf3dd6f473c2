#include "KeysPage.h"

#include "CreateKeyDialog.h"
#include "KeyListModel.h"
#include "KeyUsageChart.h"
#include "NewKeyDialog.h"
#include "PlanDialog.h"
#include "PlanQuotaFields.h"
#include "host/ServiceHost.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

KeysPage::KeysPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_model(new KeyListModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_create(new QPushButton(tr("&New key…"), this))
    , m_revoke(new QPushButton(tr("&Revoke…"), this))
    , m_plan(new QPushButton(tr("Change &plan…"), this))
    , m_refresh(new QPushButton(tr("Re&fresh"), this))
    , m_showRevoked(new QCheckBox(tr("Show re&voked keys"), this))
    , m_range(new QComboBox(this))
    , m_message(new QLabel(this))
    , m_chart(new KeyUsageChart(this))
{
    setObjectName(u"keysPage"_s);

    m_create->setObjectName(u"createKeyButton"_s);
    m_create->setAccessibleName(tr("New key"));
    m_create->setToolTip(tr("Create an API key; it is shown once"));
    m_revoke->setObjectName(u"revokeKeyButton"_s);
    m_revoke->setAccessibleName(tr("Revoke the selected key"));
    m_revoke->setToolTip(tr("Stop the selected key at its next call; this cannot be undone"));
    m_plan->setObjectName(u"changePlanButton"_s);
    m_plan->setAccessibleName(tr("Change the plan and quota of the selected key"));
    m_refresh->setObjectName(u"refreshKeysButton"_s);
    m_refresh->setAccessibleName(tr("Refresh the key list"));
    m_showRevoked->setObjectName(u"showRevokedBox"_s);
    m_showRevoked->setAccessibleName(tr("Show revoked keys"));
    m_showRevoked->setChecked(true);
    connect(m_create, &QPushButton::clicked, this, &KeysPage::createKey);
    connect(m_revoke, &QPushButton::clicked, this, &KeysPage::revokeSelected);
    connect(m_plan, &QPushButton::clicked, this, &KeysPage::changePlanOfSelected);
    connect(m_refresh, &QPushButton::clicked, this, &KeysPage::refresh);
    connect(m_showRevoked, &QCheckBox::toggled, this,
        [this](bool show) { m_proxy->setFilterRegularExpression(show ? QString() : u"^live$"_s); });

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(KeyListModel::RevokedRole);
    m_proxy->setFilterKeyColumn(KeyListModel::PrefixColumn);

    m_view->setObjectName(u"keyTable"_s);
    m_view->setAccessibleName(tr("API keys"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Short columns fit their header and content in any language (a key list is a few hundred rows at
    // most); label and e-mail share what is left.
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(KeyListModel::LabelColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(KeyListModel::EmailColumn, QHeaderView::Stretch);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &KeysPage::onSelectionChanged);
    connect(m_view, &QTableView::doubleClicked, this, &KeysPage::changePlanOfSelected);

    m_range->setObjectName(u"usageRangeBox"_s);
    m_range->setAccessibleName(tr("Usage period"));
    m_range->addItem(tr("Last 7 days"), 7);
    m_range->addItem(tr("Last 30 days"), 30);
    m_range->addItem(tr("Last 90 days"), 90);
    m_range->addItem(tr("Last 365 days"), 365);
    m_range->setCurrentIndex(1);
    connect(m_range, &QComboBox::currentIndexChanged, this, &KeysPage::loadUsage);

    m_message->setObjectName(u"keysMessage"_s);
    m_message->setAccessibleName(tr("Key action result"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *actions = new QHBoxLayout;
    actions->addWidget(m_create);
    actions->addWidget(m_plan);
    actions->addWidget(m_revoke);
    actions->addStretch(1);
    actions->addWidget(m_showRevoked);
    actions->addWidget(m_refresh);

    auto *usageHeader = new QHBoxLayout;
    auto *usageTitle = new QLabel(tr("Calls per day"), this);
    QFont bold = usageTitle->font();
    bold.setBold(true);
    usageTitle->setFont(bold);
    usageHeader->addWidget(usageTitle);
    usageHeader->addStretch(1);
    usageHeader->addWidget(m_range);
    auto *usage = new QWidget(this);
    auto *usageLayout = new QVBoxLayout(usage);
    usageLayout->setContentsMargins(0, 0, 0, 0);
    usageLayout->addLayout(usageHeader);
    usageLayout->addWidget(m_chart, 1);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"keysSplitter"_s);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(usage);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(actions);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);

    connect(&host, &ServiceHost::keysListed, this, &KeysPage::onKeysListed);
    connect(&host, &ServiceHost::keyCreated, this, &KeysPage::onKeyCreated);
    connect(&host, &ServiceHost::keyRevoked, this, &KeysPage::onKeyRevoked);
    connect(&host, &ServiceHost::keyPlanChanged, this, &KeysPage::onPlanChanged);
    connect(&host, &ServiceHost::keyActionFailed, this, &KeysPage::onActionFailed);
    connect(&host, &ServiceHost::keyUsageLoaded, this, &KeysPage::onUsageLoaded);
    setMessage(QString(), false);
    onSelectionChanged();
}

void KeysPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Read whenever the page comes into view, not at start-up: the counts are current when looked at, and
    // the console opens without touching the key table.
    refresh();
}

void KeysPage::refresh()
{
    m_host.listKeys();
}

NewKeyDialog *KeysPage::newKeyDialog() const
{
    return m_newKey.data();
}

QString KeysPage::selectedKeyId() const
{
    const ApiKeyRecord *key = selectedKey();
    return key ? key->id : QString();
}

const ApiKeyRecord *KeysPage::selectedKey() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return nullptr;
    const QModelIndex source = m_proxy->mapToSource(rows.constFirst());
    return source.isValid() ? &m_model->key(source.row()) : nullptr;
}

void KeysPage::selectKey(const QString &idOrPrefix)
{
    const int row = m_model->rowOf(idOrPrefix);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (index.isValid()) {
        m_view->selectRow(index.row());
        m_view->scrollTo(index);
    }
}

void KeysPage::createKey()
{
    auto *dialog = new CreateKeyDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog]() {
        setMessage(tr("Creating the key…"), false);
        m_host.createKey(dialog->label(), dialog->email(), dialog->plan(), dialog->callLimit());
    });
    dialog->open();
}

void KeysPage::revokeSelected()
{
    const ApiKeyRecord *key = selectedKey();
    if (!key || key->isRevoked())
        return;
    const QString id = key->id;
    const QString name
        = key->label.isEmpty() ? key->prefix + u"…"_s : u"%1 (%2…)"_s.arg(key->label, key->prefix);
    auto *confirm = new QMessageBox(
        QMessageBox::Warning, tr("Revoke key"), tr("Revoke %1?").arg(name), QMessageBox::Cancel, this);
    confirm->setObjectName(u"revokeConfirmation"_s);
    confirm->setInformativeText(
        tr("Its next call is refused with 401. A revoked key cannot be restored; create a new one instead."));
    QPushButton *revoke = confirm->addButton(tr("Revoke"), QMessageBox::DestructiveRole);
    revoke->setObjectName(u"confirmRevokeButton"_s);
    revoke->setAccessibleName(tr("Revoke"));
    confirm->setDefaultButton(QMessageBox::Cancel);
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirm, &QMessageBox::buttonClicked, this, [this, revoke, id](QAbstractButton *button) {
        if (button != revoke)
            return;
        setMessage(tr("Revoking…"), false);
        m_host.revokeKey(id);
    });
    confirm->open();
}

void KeysPage::changePlanOfSelected()
{
    const ApiKeyRecord *key = selectedKey();
    if (!key || key->isRevoked())
        return;
    auto *dialog = new PlanDialog(*key, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString id = key->id;
    connect(dialog, &QDialog::accepted, this, [this, dialog, id]() {
        setMessage(tr("Changing the plan…"), false);
        m_host.changeKeyPlan(id, dialog->planFields()->plan(), dialog->planFields()->callLimit());
    });
    dialog->open();
}

void KeysPage::onKeysListed(const QList<ApiKeyRecord> &keys)
{
    const QString keep = m_pendingSelection.isEmpty() ? selectedKeyId() : m_pendingSelection;
    m_pendingSelection.clear();
    m_model->setKeys(keys);
    if (!keep.isEmpty())
        selectKey(keep);
    onSelectionChanged();
    Q_EMIT keysRefreshed();
}

void KeysPage::onKeyCreated(const NewApiKey &key)
{
    setMessage(tr("Key %1… created.").arg(key.prefix), false);
    m_pendingSelection = key.id;
    refresh();
    // Shown once: the plaintext lives in this dialog until it closes, and nowhere else in the console.
    if (m_newKey)
        m_newKey->close();
    m_newKey = new NewKeyDialog(key.key, key.prefix, this);
    m_newKey->setAttribute(Qt::WA_DeleteOnClose);
    m_newKey->open();
}

void KeysPage::onKeyRevoked(const QString &keyId, bool ok)
{
    const int row = m_model->rowOf(keyId);
    const QString prefix = row >= 0 ? m_model->key(row).prefix : keyId;
    if (ok)
        setMessage(tr("Key %1… revoked.").arg(prefix), false);
    else
        setMessage(tr("Key %1… was not revoked: it is unknown or already revoked.").arg(prefix), true);
    refresh();
}

void KeysPage::onPlanChanged(const ApiKeyRecord &key)
{
    m_model->updateKey(key);
    setMessage(
        tr("Key %1… is now on the %2 plan with a quota of %3.")
            .arg(key.prefix, key.plan == u"full"_s ? tr("full") : tr("free"), KeyListModel::quotaText(key)),
        false);
    onSelectionChanged();
    refresh();
}

void KeysPage::onActionFailed(const QString &message)
{
    setMessage(tr("Not done: %1").arg(message), true);
}

void KeysPage::onSelectionChanged()
{
    const ApiKeyRecord *key = selectedKey();
    const bool live = key && !key->isRevoked();
    m_revoke->setEnabled(live);
    m_plan->setEnabled(live);
    loadUsage();
}

void KeysPage::loadUsage()
{
    const ApiKeyRecord *key = selectedKey();
    if (!key) {
        m_chart->clear();
        return;
    }
    m_host.loadKeyUsage(key->id, m_range->currentData().toInt());
}

void KeysPage::onUsageLoaded(const QString &keyId, const QList<DailyUsage> &days)
{
    const ApiKeyRecord *key = selectedKey();
    // An answer for a key no longer selected, or for another range, is stale.
    if (!key || key->id != keyId || days.size() != m_range->currentData().toInt())
        return;
    m_chart->showUsage(key->label.isEmpty() ? key->prefix + u"…"_s : key->label, days);
}

void KeysPage::setMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(error ? u"QLabel { color: #c62828; }"_s : QString());
}

} // namespace ades::ui

#include "moc_KeysPage.cpp"
