package io.payonce.reconciliation.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.payonce.infra.LocalDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The reconciliation logs in as its own user, granted by its migration exactly what the audit reads and a
 * reversal writes ({@link ReversalRestoresBalanceOnceAndAuditBalancesIT} shows that this is enough). Everything
 * else is refused by the database: above all an outbox row, which the relay would publish to pay.success.
 */
class ReconciliationUserHasOnlyWhatAReversalNeedsIT extends ReconciliationITSupport {

	@Test
	void nothingBeyondAReversalIsAllowed() throws SQLException {
		LocalDatabase user = LocalDatabase.RECONCILIATION;
		try (Connection connection = DriverManager.getConnection(stack.mariaDb().jdbcUrl(user.schema()), user.user(),
				user.password()); Statement statement = connection.createStatement()) {
			for (String sql : List.of(
					"INSERT INTO t_outbox (id, aggregatetype, aggregateid, type, payload)"
							+ " VALUES ('x', 'pay.success', 'x', 'PaySuccess', '{}')",
					"UPDATE t_account_flow SET amount = 0 WHERE id = -1", "DELETE FROM t_account_flow WHERE id = -1",
					"UPDATE t_reversal_audit SET reason = 'x' WHERE id = -1", "DELETE FROM t_reversal_audit WHERE id = -1",
					"UPDATE t_top_up_audit SET reason = 'x' WHERE id = -1", "DELETE FROM t_top_up_audit WHERE id = -1",
					"DELETE FROM t_account_freeze WHERE user_id = -1",
					"UPDATE t_account_freeze_audit SET reason = 'x' WHERE id = -1",
					"DELETE FROM t_account_freeze_audit WHERE id = -1",
					"UPDATE t_order SET status = 'PAID' WHERE order_no = 'x'",
					"UPDATE t_account SET currency = 'USD' WHERE user_id = -1", "DELETE FROM t_account WHERE user_id = -1",
					"DROP TABLE t_reversal_audit", "CREATE TABLE t_probe (id INT)")) {
				assertThatThrownBy(() -> statement.execute(sql)).as(sql)
					.isInstanceOf(SQLException.class)
					.hasMessageContaining("denied");
			}
		}
	}

}
