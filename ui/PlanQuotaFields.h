#pragma once

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace ades::ui {

// A key's plan and call quota as two form rows (plan; quota with "unlimited"), shared by the dialogs
// that create a key and change one. Choosing a plan proposes its usual quota (docs/interface.md §5: free
// 100 calls in total, full unlimited); the operator may set any other.
class PlanQuotaFields : public QWidget
{
    Q_OBJECT

public:
    static constexpr int FreePlanCalls = 100;

    explicit PlanQuotaFields(QWidget *parent = nullptr);

    QComboBox *planBox() const { return m_plan; }
    QSpinBox *limitBox() const { return m_limit; }
    QCheckBox *unlimitedBox() const { return m_unlimited; }

    QString plan() const; // "free" | "full"
    std::optional<qint64> callLimit() const; // empty: unlimited
    void setPlan(const QString &plan, std::optional<qint64> callLimit);

private:
    void proposeQuota();

    QComboBox *m_plan = nullptr;
    QSpinBox *m_limit = nullptr;
    QCheckBox *m_unlimited = nullptr;
};

} // namespace ades::ui
