#include "FirstRunWizard.h"

#include "SettingLabels.h"
#include "core/Settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHostInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

FirstRunWizard::FirstRunWizard(
    const QString &dataDir, const QList<SettingSpec> &payToSpecs, const QString &listen, QWidget *parent)
    : QWizard(parent)
    , m_payToSpecs(payToSpecs)
    , m_listen(listen)
    , m_folder(new QLineEdit(dataDir))
{
    setObjectName(u"firstRunWizard"_s);
    setWindowTitle(tr("Welcome to ADES"));
    setWizardStyle(QWizard::ModernStyle);
    // Qt's own catalogue may be missing (qt6-translations-l10n): the buttons speak the console's language.
    setButtonText(QWizard::BackButton, tr("< &Back"));
    setButtonText(QWizard::NextButton, tr("&Next >"));
    setButtonText(QWizard::FinishButton, tr("&Finish"));
    setButtonText(QWizard::CancelButton, tr("Cancel"));
    setPage(FolderPage, folderPage());
    setPage(PaymentPage, paymentPage());
    setPage(SummaryPage, summaryPage());
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == SummaryPage)
            updateSummary();
    });
}

bool FirstRunWizard::isNeeded(const QString &dataDir)
{
    return !QFileInfo::exists(QDir(dataDir).filePath(Settings::iniFileName()));
}

QString FirstRunWizard::dataDir() const
{
    return QDir(m_folder->text().trimmed()).absolutePath();
}

QWizardPage *FirstRunWizard::folderPage()
{
    auto *page = new QWizardPage(this);
    page->setTitle(tr("Where ADES keeps its data"));
    page->setSubTitle(tr("The settings, the issuer key that signs receipts, the call log and the payments "
                         "ledger live in this folder. Only you can read it."));
    m_folder->setObjectName(u"wizardDataFolder"_s);
    m_folder->setAccessibleName(tr("Data folder"));
    auto *browse = new QPushButton(tr("Choose…"), page);
    browse->setObjectName(u"wizardBrowse"_s);
    browse->setAccessibleName(tr("Choose the data folder"));
    browse->setAutoDefault(false); // Return goes to Next, not to the folder dialog
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getExistingDirectory(this, tr("Data folder"), m_folder->text());
        if (!chosen.isEmpty())
            m_folder->setText(chosen);
    });
    auto *row = new QHBoxLayout;
    row->addWidget(m_folder, 1);
    row->addWidget(browse);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(row);
    return page;
}

QWizardPage *FirstRunWizard::paymentPage()
{
    auto *page = new QWizardPage(this);
    page->setTitle(tr("Where payments go"));
    page->setSubTitle(
        tr("Agents pay per call in USDC (x402) to your address. Without one, paid operations are "
           "not offered; the free ones still are. You can add it later in Settings."));
    auto *form = new QFormLayout;
    for (const SettingSpec &spec : std::as_const(m_payToSpecs)) {
        auto *edit = new QLineEdit(page);
        edit->setObjectName(u"wizard:"_s + spec.key);
        edit->setAccessibleName(SettingLabels::label(spec.key));
        edit->setClearButtonEnabled(true);
        connect(edit, &QLineEdit::textChanged, this, [this] {
            QString first;
            for (const SettingSpec &s : std::as_const(m_payToSpecs)) {
                if (first.isEmpty())
                    first = payToProblem(s.key);
            }
            m_paymentMessage->setText(first);
        });
        form->addRow(SettingLabels::label(spec.key), edit);
        m_payTo.append(edit);
    }
    m_paymentMessage = new QLabel(page);
    m_paymentMessage->setObjectName(u"wizardPaymentMessage"_s);
    m_paymentMessage->setWordWrap(true);
    m_paymentMessage->setStyleSheet(u"QLabel { color: #c62828; }"_s);
    auto *layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(m_paymentMessage);
    return page;
}

QWizardPage *FirstRunWizard::summaryPage()
{
    auto *page = new QWizardPage(this);
    page->setTitle(tr("What is served where"));
    m_summary = new QLabel(page);
    m_summary->setObjectName(u"wizardSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_summary);
    layout->addStretch(1);
    return page;
}

QLineEdit *FirstRunWizard::payToField(const QString &key) const
{
    for (int i = 0; i < m_payToSpecs.size(); ++i) {
        if (m_payToSpecs.at(i).key == key)
            return m_payTo.at(i);
    }
    return nullptr;
}

QString FirstRunWizard::payToProblem(const QString &key) const
{
    for (int i = 0; i < m_payToSpecs.size(); ++i) {
        const SettingSpec &spec = m_payToSpecs.at(i);
        if (spec.key == key && !spec.problem(m_payTo.at(i)->text()).isEmpty())
            return tr("Not a valid %1").arg(SettingLabels::label(key));
    }
    return {};
}

bool FirstRunWizard::validateCurrentPage()
{
    if (currentId() == FolderPage) {
        if (m_folder->text().trimmed().isEmpty() || !QDir().mkpath(dataDir()))
            return false;
    }
    if (currentId() == PaymentPage) {
        for (const SettingSpec &spec : std::as_const(m_payToSpecs)) {
            if (!payToProblem(spec.key).isEmpty())
                return false;
        }
    }
    if (currentId() == SummaryPage && !writeConfiguration())
        return false;
    return QWizard::validateCurrentPage();
}

void FirstRunWizard::updateSummary()
{
    // A wildcard address is where the service listens, not an address to call: others use this computer's
    // name.
    QString address = m_listen;
    for (const QString &wildcard : { u"0.0.0.0:"_s, u"[::]:"_s }) {
        if (address.startsWith(wildcard))
            address = QHostInfo::localHostName() + u':' + address.mid(wildcard.size());
    }
    const QString base = u"http://"_s + address;
    const QString rows = QStringList {
        tr("<li><b>%1/x402/…</b> — paid calls: agents pay per call with x402</li>").arg(base),
        tr("<li><b>%1/free/…</b> — free checks, a few a day per address</li>").arg(base),
        tr("<li><b>%1/mcp</b> — the same operations as tools for AI agents (MCP)</li>").arg(base),
        tr("<li><b>%1/verify</b> — anyone can check a receipt this service signed</li>").arg(base),
        tr("<li><b>%1/v1/health</b> — whether the service is up</li>").arg(base),
    }.join(QString());
    bool payable = false;
    for (const QLineEdit *edit : std::as_const(m_payTo))
        payable = payable || !edit->text().trimmed().isEmpty();
    const bool loopback = m_listen.startsWith(u"127."_s) || m_listen.startsWith(u"localhost:"_s)
        || m_listen.startsWith(u"[::1]"_s);
    const QString reach = loopback ? tr("only programs on this computer reach it; change the listen address "
                                        "in Settings to serve others")
                                   : tr("other computers on the network can reach it");
    m_summary->setText(tr("<p>ADES listens on <b>%1</b>: %2.</p><ul>%3</ul><p>%4</p><p>Data folder: %5</p>")
                           .arg(m_listen, reach, rows,
                               payable ? tr("Payments go to the address you gave.")
                                       : tr("No receiving address yet: paid calls are not offered."),
                               dataDir().toHtmlEscaped()));
}

bool FirstRunWizard::writeConfiguration() const
{
    const Settings settings = Settings::fromValues(dataDir(), {});
    bool ok = QDir().mkpath(dataDir());
    // The file is written even with no address: it marks the assistant as done.
    for (int i = 0; i < m_payToSpecs.size(); ++i)
        ok = settings.writeToIni(m_payToSpecs.at(i).key, m_payTo.at(i)->text().trimmed()) && ok;
    return ok;
}

} // namespace ades::ui

#include "moc_FirstRunWizard.cpp"
