package io.payonce.dlt.overview;

import java.util.List;

/** One chart of the overview screen: a title, the unit of its y axis, its lines. */
public record Chart(String id, String title, String unit, List<Line> lines) {

	public Chart {
		lines = List.copyOf(lines);
	}

}
