#pragma once

#include "store/ApiKeyRecord.h"

#include <QDialog>

namespace ades::ui {

class PlanQuotaFields;

// Changes a key's plan and quota; the calls it used so far stay counted.
class PlanDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PlanDialog(const ApiKeyRecord &key, QWidget *parent = nullptr);

    PlanQuotaFields *planFields() const { return m_plan; }

private:
    PlanQuotaFields *m_plan = nullptr;
};

} // namespace ades::ui
