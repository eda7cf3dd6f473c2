#pragma once

#include "core/SettingSpec.h"

#include <QWizard>

class QLabel;
class QLineEdit;

namespace ades::ui {

// The first start's assistant, shown only while the data folder holds no ades.ini (isNeeded): where the
// data lives, where payments go (checked by the payment settings' own declarations, handed in by the
// caller) and what the service offers at which address. Finishing writes ades.ini there.
class FirstRunWizard : public QWizard
{
    Q_OBJECT

public:
    enum Page
    {
        FolderPage,
        PaymentPage,
        SummaryPage,
    };

    // payToSpecs: the receiving-address settings (x402/payto_evm, x402/payto_solana) with their checks;
    // listen: service/listen as configured (HOST:PORT).
    FirstRunWizard(const QString &dataDir, const QList<SettingSpec> &payToSpecs, const QString &listen,
        QWidget *parent = nullptr);

    static bool isNeeded(const QString &dataDir);

    QString dataDir() const;
    QLineEdit *folderField() const { return m_folder; }
    QLineEdit *payToField(const QString &key) const;
    // Empty when the address typed for `key` is acceptable (or empty), else why not (translated).
    QString payToProblem(const QString &key) const;
    // Writes the addresses to ades.ini in dataDir(); false when the file cannot be written.
    bool writeConfiguration() const;

    bool validateCurrentPage() override;

private:
    QWizardPage *folderPage();
    QWizardPage *paymentPage();
    QWizardPage *summaryPage();
    void updateSummary();

    QList<SettingSpec> m_payToSpecs;
    QString m_listen;
    QLineEdit *m_folder = nullptr;
    QList<QLineEdit *> m_payTo;
    QLabel *m_paymentMessage = nullptr;
    QLabel *m_summary = nullptr;
};

} // namespace ades::ui
