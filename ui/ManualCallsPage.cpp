#include "ManualCallsPage.h"

#include "CallResultView.h"
#include "OperationListModel.h"
#include "SchemaForm.h"
#include "catalog/Catalog.h"
#include "core/ServiceError.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

ManualCallsPage::ManualCallsPage(ServiceHost &host, QWidget *parent)
    : ManualCallsPage(host, host.context().catalog(), parent)
{ }

ManualCallsPage::ManualCallsPage(ServiceHost &host, const Catalog &catalog, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_model(new OperationListModel(catalog, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_search(new QLineEdit(this))
    , m_list(new QTableView(this))
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_formArea(new QScrollArea(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_busy(new QProgressBar(this))
    , m_result(new CallResultView(this))
{
    setObjectName(u"manualCallsPage"_s);

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(OperationListModel::NameColumn);
    m_proxy->setFilterRole(OperationListModel::SearchRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_search->setObjectName(u"operationSearch"_s);
    m_search->setAccessibleName(tr("Search operations"));
    m_search->setPlaceholderText(tr("Search by name or description…"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, &ManualCallsPage::setSearchText);

    m_list->setObjectName(u"operationList"_s);
    m_list->setAccessibleName(tr("Operations"));
    m_list->setModel(m_proxy);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setAlternatingRowColors(true);
    m_list->setShowGrid(false);
    m_list->setWordWrap(false);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->verticalHeader()->hide();
    m_list->verticalHeader()->setDefaultSectionSize(m_list->fontMetrics().height() + 8);
    QHeaderView *header = m_list->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setSectionResizeMode(OperationListModel::NameColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(OperationListModel::PriceColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(OperationListModel::DescriptionColumn, QHeaderView::Stretch);
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &ManualCallsPage::onOperationSelected);

    m_title->setObjectName(u"operationTitle"_s);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(u"operationSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_formArea->setObjectName(u"formArea"_s);
    m_formArea->setWidgetResizable(true);
    m_formArea->setFrameShape(QFrame::NoFrame);
    m_formArea->setAccessibleName(tr("Input form"));

    m_run->setObjectName(u"runButton"_s);
    m_run->setAccessibleName(tr("Run the operation"));
    m_run->setToolTip(tr("Runs the operation here, through the console channel: never charged, logged as "
                         "\"console\" (Ctrl+Return)"));
    m_run->setDefault(true);
    // Ctrl+Return runs from anywhere on the page, the form's fields included.
    auto *runShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(runShortcut, &QShortcut::activated, this, &ManualCallsPage::run);
    m_cancel->setObjectName(u"cancelRunButton"_s);
    m_cancel->setAccessibleName(tr("Stop waiting for the running operation"));
    m_busy->setObjectName(u"runBusy"_s);
    m_busy->setAccessibleName(tr("Operation running"));
    m_busy->setRange(0, 0); // indeterminate
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(160);
    connect(m_run, &QPushButton::clicked, this, &ManualCallsPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &ManualCallsPage::cancel);

    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_busy);
    runRow->addStretch(1);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_list, 1);

    auto *formSide = new QWidget(this);
    auto *formLayout = new QVBoxLayout(formSide);
    formLayout->setContentsMargins(0, 0, 0, 0);
    formLayout->addWidget(m_title);
    formLayout->addWidget(m_summary);
    formLayout->addWidget(m_formArea, 1);
    formLayout->addLayout(runRow);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(u"manualRightSplitter"_s);
    right->setChildrenCollapsible(false);
    right->addWidget(formSide);
    right->addWidget(m_result);
    // The form first: most forms are longer than the result's first screen.
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({ 480, 260 });

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(u"manualSplitter"_s);
    split->setChildrenCollapsible(false);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({ 420, 700 });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(split, 1);

    connect(&host, &ServiceHost::consoleCallFinished, this, &ManualCallsPage::onCallFinished);
    setRunning(false);
    onOperationSelected();
}

SchemaForm *ManualCallsPage::form() const
{
    return m_form.data();
}

void ManualCallsPage::setSearchText(const QString &text)
{
    if (m_search->text() != text)
        m_search->setText(text); // comes back here through textChanged
    else
        m_proxy->setFilterFixedString(text);
}

int ManualCallsPage::visibleOperationCount() const
{
    return m_proxy->rowCount();
}

bool ManualCallsPage::chooseOperation(const QString &operationId)
{
    const int row = m_model->rowOf(operationId);
    if (row < 0)
        return false;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        setSearchText(QString()); // hidden by the search: show everything again
        index = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    m_list->selectRow(index.row());
    m_list->scrollTo(index);
    return m_operation && m_operation->id == operationId;
}

void ManualCallsPage::onOperationSelected()
{
    const QModelIndexList rows = m_list->selectionModel()->selectedRows();
    const Operation *chosen
        = rows.isEmpty() ? nullptr : m_model->operation(m_proxy->mapToSource(rows.constFirst()).row());
    if (chosen && chosen == m_operation)
        return;
    // A run still awaited belongs to the old form: stop waiting for it.
    if (isRunning())
        cancel();
    m_operation = chosen;
    delete m_formArea->takeWidget();
    m_result->clear();
    if (!chosen) {
        m_title->setText(tr("Choose an operation"));
        m_summary->setText(tr("Every operation of this service can be run here by hand, free of charge. "
                              "The call is logged as a console call and its result is signed like any "
                              "other."));
        m_form = nullptr;
        m_run->setEnabled(false);
        return;
    }
    m_title->setText(chosen->title.isEmpty() ? chosen->id : u"%1 — %2"_s.arg(chosen->title, chosen->id));
    m_summary->setText(chosen->summary);
    m_form = new SchemaForm(chosen->inputSchema);
    m_formArea->setWidget(m_form);
    m_run->setEnabled(true);
}

void ManualCallsPage::run()
{
    if (!m_operation || !m_form || isRunning())
        return;
    if (m_form->validate()) {
        m_result->showMessage(tr("Not run: the input does not match the operation's schema."));
        return;
    }
    m_result->showMessage(tr("Running %1…").arg(m_operation->id));
    setRunning(true);
    m_ticket = m_host.runByHand(*m_operation, m_form->arguments());
}

void ManualCallsPage::cancel()
{
    if (!isRunning())
        return;
    // The operation itself cannot be interrupted (it may be waiting on a source); its answer is ignored
    // when it comes, and the call log still records it.
    m_ticket = 0;
    setRunning(false);
    m_result->showMessage(tr("Cancelled. The operation may still finish in the background; the call log "
                             "records it."));
}

void ManualCallsPage::onCallFinished(quint64 ticket, const ConsoleOutcome &outcome)
{
    if (ticket == 0 || ticket != m_ticket)
        return; // cancelled, or another page's run
    m_ticket = 0;
    setRunning(false);
    m_result->showOutcome(outcome);
    Q_EMIT runFinished(outcome.ok);
}

void ManualCallsPage::setRunning(bool running)
{
    m_busy->setVisible(running);
    m_cancel->setEnabled(running);
    m_run->setEnabled(!running && m_operation);
    m_list->setEnabled(true);
    if (m_form)
        m_form->setEnabled(!running);
}

} // namespace ades::ui

#include "moc_ManualCallsPage.cpp"
