package io.payonce.reconciliation.jdbc;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Types;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/** The ledger writers' one INSERT helper: the generated id, or a failure if nothing was inserted. */
public final class Inserts {

	/** The audit tables' {@code detail} column. */
	private static final int DETAIL_LENGTH = 512;

	private Inserts() {
	}

	/** @throws IllegalStateException if the statement inserted nothing (an {@code INSERT … SELECT} found no row) */
	public static long insert(JdbcTemplate jdbc, String sql, Object... args) {
		KeyHolder keys = new GeneratedKeyHolder();
		jdbc.update(connection -> {
			PreparedStatement statement = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS);
			for (int i = 0; i < args.length; i++) {
				if (args[i] == null) {
					statement.setNull(i + 1, Types.NULL);
				}
				else {
					statement.setObject(i + 1, args[i]);
				}
			}
			return statement;
		}, keys);
		Number key = keys.getKey();
		if (key == null) {
			throw new IllegalStateException("nothing inserted: " + sql);
		}
		return key.longValue();
	}

	/** A detail text cut to its column. */
	public static String detail(String text) {
		return (text == null || text.length() <= DETAIL_LENGTH) ? text : text.substring(0, DETAIL_LENGTH - 3) + "...";
	}

}
