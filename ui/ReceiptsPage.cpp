#include "ReceiptsPage.h"

#include "ReceiptCheck.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptFormat.h"
#include "receipts/ReceiptVerdict.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

QString fieldText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    if (value.isNull())
        return u"null"_s;
    // Numbers are shown as JSON writes them; no field of a receipt is a number, so this only shows what a
    // malformed receipt holds.
    return QString::fromUtf8(QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

// The first local file among dropped URLs; text drops from file managers may carry a file:// URL instead.
QString droppedFilePath(const QMimeData *mime)
{
    if (mime->hasUrls()) {
        for (const QUrl &url : mime->urls()) {
            if (url.isLocalFile())
                return url.toLocalFile();
        }
    }
    if (mime->hasText()) {
        const QString text = mime->text().trimmed();
        if (text.startsWith(u"file://"_s) && !text.contains(u'\n')) {
            const QUrl url(text);
            if (url.isLocalFile())
                return url.toLocalFile();
        }
    }
    return {};
}

bool acceptsDrop(const QMimeData *mime)
{
    return mime
        && (!droppedFilePath(mime).isEmpty() || (mime->hasText() && !mime->text().trimmed().isEmpty()));
}

QString localDateTime(const QString &iso)
{
    const QDateTime at = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!at.isValid())
        return iso;
    return QLocale().toString(at.toLocalTime(), QLocale::LongFormat);
}

} // namespace

ReceiptsPage::ReceiptsPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_editor(new QPlainTextEdit(this))
    , m_dropHint(new QLabel(this))
    , m_source(new QLabel(this))
    , m_openButton(new QPushButton(tr("Open file…"), this))
    , m_pasteButton(new QPushButton(tr("Paste"), this))
    , m_verifyButton(new QPushButton(tr("Verify"), this))
    , m_verdict(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_issuer(new QLabel(this))
    , m_thisService(new QLabel(this))
    , m_expiry(new QLabel(this))
    , m_standard(new QLabel(this))
    , m_problems(new QListWidget(this))
    , m_fields(new QTableWidget(this))
{
    setObjectName(u"receiptsPage"_s);
    setAcceptDrops(true);

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // Input side: drop zone hint, the document, and the three ways to bring one in.
    m_dropHint->setObjectName(u"dropHint"_s);
    m_dropHint->setText(tr("Drop a result JSON file anywhere on this page, open one, or paste it below."));
    m_dropHint->setWordWrap(true);
    m_dropHint->setAlignment(Qt::AlignCenter);
    m_dropHint->setMinimumHeight(64);
    setDropHighlight(false);

    m_editor->setObjectName(u"receiptEditor"_s);
    m_editor->setPlaceholderText(tr("Paste the complete JSON result, including its \"receipt\" member."));
    m_editor->setFont(mono);
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Drops over the editor go to the page, which verifies them, instead of being inserted as text.
    m_editor->setAcceptDrops(false);
    m_editor->viewport()->setAcceptDrops(false);

    m_source->setObjectName(u"sourceLabel"_s);
    m_source->setWordWrap(true);
    m_source->setForegroundRole(QPalette::PlaceholderText);

    m_openButton->setObjectName(u"openButton"_s);
    m_openButton->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_pasteButton->setObjectName(u"pasteButton"_s);
    m_pasteButton->setToolTip(tr("Paste JSON from the clipboard and verify it"));
    m_verifyButton->setObjectName(u"verifyButton"_s);
    m_verifyButton->setDefault(true);
    m_verifyButton->setToolTip(tr("Verify the JSON in the editor"));
    connect(m_openButton, &QPushButton::clicked, this, &ReceiptsPage::openFile);
    connect(m_pasteButton, &QPushButton::clicked, this, &ReceiptsPage::pasteFromClipboard);
    connect(m_verifyButton, &QPushButton::clicked, this, &ReceiptsPage::verifyEditorText);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openButton);
    buttons->addWidget(m_pasteButton);
    buttons->addStretch(1);
    buttons->addWidget(m_verifyButton);

    auto *input = new QWidget(this);
    auto *inputLayout = new QVBoxLayout(input);
    inputLayout->setContentsMargins(0, 0, 0, 0);
    inputLayout->addWidget(m_dropHint);
    inputLayout->addLayout(buttons);
    inputLayout->addWidget(m_editor, 1);
    inputLayout->addWidget(m_source);

    // Result side: the verdict first and large, then the facts that qualify it, then every field.
    m_verdict->setObjectName(u"verdictLabel"_s);
    m_verdict->setAlignment(Qt::AlignCenter);
    QFont verdictFont = m_verdict->font();
    verdictFont.setPointSizeF(verdictFont.pointSizeF() * 1.6);
    verdictFont.setBold(true);
    m_verdict->setFont(verdictFont);
    m_verdict->setMinimumHeight(56);

    m_summary->setObjectName(u"verdictSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignCenter);

    for (QLabel *label : { m_issuer, m_thisService, m_expiry, m_standard }) {
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
    }
    m_issuer->setObjectName(u"recoveredIssuerLabel"_s);
    m_issuer->setFont(mono);
    m_thisService->setObjectName(u"issuedByThisServiceLabel"_s);
    m_expiry->setObjectName(u"expiryLabel"_s);
    m_standard->setObjectName(u"standardLabel"_s);

    auto *facts = new QFormLayout;
    facts->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    facts->setLabelAlignment(Qt::AlignRight);
    facts->addRow(tr("Standard:"), m_standard);
    facts->addRow(tr("Recovered issuer:"), m_issuer);
    facts->addRow(tr("Issued by this service:"), m_thisService);
    facts->addRow(tr("Valid until:"), m_expiry);

    m_problems->setObjectName(u"problemList"_s);
    m_problems->setSelectionMode(QAbstractItemView::NoSelection);
    m_problems->setFocusPolicy(Qt::NoFocus);
    m_problems->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_problems->setWordWrap(true);
    auto *problemsBox = new QGroupBox(tr("Problems"), this);
    auto *problemsLayout = new QVBoxLayout(problemsBox);
    problemsLayout->addWidget(m_problems);

    m_fields->setObjectName(u"receiptFields"_s);
    m_fields->setColumnCount(2);
    m_fields->setHorizontalHeaderLabels({ tr("Field"), tr("Value") });
    m_fields->verticalHeader()->hide();
    m_fields->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_fields->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_fields->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_fields->horizontalHeader()->setHighlightSections(false);
    m_fields->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_fields->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_fields->setAlternatingRowColors(true);
    m_fields->setShowGrid(false);
    m_fields->setWordWrap(false);
    // Hashes, keys and signatures differ at both ends: keep both visible, the tooltip has the rest.
    m_fields->setTextElideMode(Qt::ElideMiddle);
    m_fields->verticalHeader()->setDefaultSectionSize(m_fields->fontMetrics().height() + 8);

    auto *result = new QWidget(this);
    auto *resultLayout = new QVBoxLayout(result);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    resultLayout->addWidget(m_verdict);
    resultLayout->addWidget(m_summary);
    resultLayout->addLayout(facts);
    resultLayout->addWidget(problemsBox);
    resultLayout->addWidget(m_fields, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(input);
    splitter->addWidget(result);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    clearDetails();
}

QStringList ReceiptsPage::receiptFieldNames()
{
    QStringList names;
    for (const QLatin1StringView name : ReceiptFormat::V2Fields)
        names.append(name);
    return names;
}

void ReceiptsPage::verifyDocument(const QByteArray &json)
{
    // Callers that know where the bytes came from say so after this returns.
    m_source->clear();
    m_source->setToolTip({});
    showVerdict(ReceiptCheck(m_host).check(json).verdict);
}

void ReceiptsPage::loadFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return showReadError(path, file.errorString());
    // Read one byte past the limit rather than trusting size(): pipes and special files report 0.
    const QByteArray bytes = file.read(MaxFileBytes + 1);
    if (bytes.size() > MaxFileBytes)
        return showReadError(path, tr("the file is larger than %1 MiB").arg(MaxFileBytes / (1024 * 1024)));

    // Show what was verified; binary or huge content would only make the editor slow and unreadable.
    const bool printable = !bytes.contains('\0') && bytes.size() <= 1024 * 1024;
    m_editor->setPlainText(printable ? QString::fromUtf8(bytes) : QString());
    verifyDocument(bytes);
    m_source->setText(
        tr("Verified %1 (%2)").arg(QFileInfo(path).fileName(), QLocale().formattedDataSize(bytes.size())));
    m_source->setToolTip(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
}

void ReceiptsPage::openFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a result with its receipt"), QString(), tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

void ReceiptsPage::pasteFromClipboard()
{
    const QString text = QApplication::clipboard()->text();
    if (text.trimmed().isEmpty()) {
        m_source->setText(tr("The clipboard holds no text."));
        m_source->setToolTip({});
        return;
    }
    m_editor->setPlainText(text);
    verifyEditorText();
}

void ReceiptsPage::verifyEditorText()
{
    verifyDocument(m_editor->toPlainText().toUtf8());
    m_source->setText(tr("Verified the text in the editor"));
}

void ReceiptsPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!acceptsDrop(event->mimeData()))
        return event->ignore();
    event->acceptProposedAction();
    setDropHighlight(true);
}

void ReceiptsPage::dragMoveEvent(QDragMoveEvent *event)
{
    if (acceptsDrop(event->mimeData()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void ReceiptsPage::dragLeaveEvent(QDragLeaveEvent *event)
{
    setDropHighlight(false);
    QWidget::dragLeaveEvent(event);
}

void ReceiptsPage::dropEvent(QDropEvent *event)
{
    setDropHighlight(false);
    const QMimeData *mime = event->mimeData();
    if (!acceptsDrop(mime))
        return event->ignore();
    event->acceptProposedAction();
    const QString path = droppedFilePath(mime);
    if (!path.isEmpty())
        return loadFile(path);
    m_editor->setPlainText(mime->text());
    verifyDocument(mime->text().toUtf8());
    m_source->setText(tr("Verified dropped text"));
}

void ReceiptsPage::changeEvent(QEvent *event)
{
    // The stylesheets use palette-independent colours; re-apply them so a theme switch keeps them legible.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        setVerdictStyle(m_style);
        setDropHighlight(false);
    }
    QWidget::changeEvent(event);
}

void ReceiptsPage::showVerdict(const ReceiptVerdict &verdict)
{
    clearDetails();
    const ReceiptCheck::Outcome outcome = ReceiptCheck::describe(verdict);
    m_verdict->setText(outcome.headline);
    m_summary->setText(outcome.summary);
    setVerdictStyle(outcome.style);

    for (qsizetype i = 0; i < verdict.problems.size(); ++i) {
        auto *item = new QListWidgetItem(outcome.problems.at(i), m_problems);
        item->setToolTip(verdict.problems.at(i));
    }
    if (verdict.problems.isEmpty())
        new QListWidgetItem(tr("None"), m_problems);
    fitProblemList();

    // Without a receipt there is nothing to qualify: the facts stay at their dashes.
    if (verdict.usable) {
        m_standard->setText(verdict.standard.isEmpty() ? tr("unknown") : verdict.standard);
        m_issuer->setText(verdict.issuer.isEmpty() ? tr("could not be recovered") : verdict.issuer);
        const QString ours = m_host.issuerAddress();
        if (verdict.issuedByThisService)
            m_thisService->setText(tr("Yes"));
        else if (ours.isEmpty())
            m_thisService->setText(tr("No"));
        else
            m_thisService->setText(tr("No (this service signs as %1)").arg(ours));

        const QString validUntil = verdict.receipt.value(ReceiptFormat::ValidUntil).toString();
        if (validUntil.isEmpty()) {
            m_expiry->setText(tr("not stated"));
        } else if (verdict.expired) {
            m_expiry->setText(tr("%1 (expired)").arg(localDateTime(validUntil)));
            m_expiry->setStyleSheet(u"QLabel { color: #b26a00; }"_s);
        } else {
            m_expiry->setText(localDateTime(validUntil));
        }
    }

    fillFields(verdict.receipt);
}

void ReceiptsPage::showReadError(const QString &path, const QString &reason)
{
    clearDetails();
    m_verdict->setText(tr("Not a receipt"));
    m_summary->setText(tr("%1 could not be read: %2").arg(QFileInfo(path).fileName(), reason));
    m_source->setText({});
    m_source->setToolTip({});
    setVerdictStyle(ReceiptCheck::Style::NotReceipt);
}

void ReceiptsPage::clearDetails()
{
    m_verdict->setText(tr("No receipt checked yet"));
    m_summary->setText(
        tr("The check is the same as POST /verify: result hash, signed message and signature."));
    setVerdictStyle(ReceiptCheck::Style::None);
    for (QLabel *label : { m_issuer, m_thisService, m_expiry, m_standard })
        label->setText(u"\u2013"_s);
    m_expiry->setStyleSheet({});
    m_problems->clear();
    fitProblemList();
    fillFields({});
}

void ReceiptsPage::fitProblemList()
{
    // As tall as its lines (one to five), so a clean verdict does not leave an empty box.
    const int rows = qBound(1, m_problems->count(), 5);
    const int frame = 2 * m_problems->frameWidth();
    m_problems->setFixedHeight(rows * (m_problems->fontMetrics().height() + 4) + frame + 4);
}

void ReceiptsPage::fillFields(const QJsonObject &receipt)
{
    const QStringList names = receiptFieldNames();
    m_fields->clearContents();
    m_fields->setRowCount(names.size());
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (int row = 0; row < names.size(); ++row) {
        auto *name = new QTableWidgetItem(names.at(row));
        name->setFont(mono);
        auto *value = new QTableWidgetItem;
        if (receipt.isEmpty()) {
            // Before any check: names only, so the table shows what a receipt consists of.
        } else if (!receipt.contains(names.at(row))) {
            value->setText(tr("(missing)"));
            value->setForeground(QColor(0xc6, 0x28, 0x28));
        } else {
            const QString text = fieldText(receipt.value(names.at(row)));
            value->setText(text);
            value->setToolTip(text);
            value->setFont(mono);
        }
        m_fields->setItem(row, 0, name);
        m_fields->setItem(row, 1, value);
    }
}

void ReceiptsPage::setVerdictStyle(ReceiptCheck::Style style)
{
    m_style = style;
    m_verdict->setStyleSheet(ReceiptCheck::styleSheet(style));
}

void ReceiptsPage::setDropHighlight(bool on)
{
    m_dropHint->setStyleSheet(on ? u"QLabel { border: 2px dashed palette(highlight); border-radius: 8px;"
                                   " background: palette(alternate-base); padding: 8px; }"_s
                                 : u"QLabel { border: 2px dashed palette(mid); border-radius: 8px;"
                                   " color: palette(placeholder-text); padding: 8px; }"_s);
}

} // namespace ades::ui

#include "moc_ReceiptsPage.cpp"
