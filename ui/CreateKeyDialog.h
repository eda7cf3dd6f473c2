#pragma once

#include <QDialog>
#include <optional>

class QLineEdit;

namespace ades::ui {

class PlanQuotaFields;

// Asks for what a new API key needs: a label, the owner's e-mail (optional), the plan and the quota.
class CreateKeyDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CreateKeyDialog(QWidget *parent = nullptr);

    QString label() const;
    QString email() const;
    QString plan() const;
    std::optional<qint64> callLimit() const;
    PlanQuotaFields *planFields() const { return m_plan; }

private:
    QLineEdit *m_label = nullptr;
    QLineEdit *m_email = nullptr;
    PlanQuotaFields *m_plan = nullptr;
};

} // namespace ades::ui
